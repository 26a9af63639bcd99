package dev.duel.reference.controllers;

import static dev.duel.reference.logic.ProductRules.BLANK;
import static dev.duel.reference.logic.ProductRules.MISSING;
import static dev.duel.reference.logic.ProductRules.NAME_MAX_LENGTH;
import static dev.duel.reference.logic.ProductRules.NAME_TOO_LONG;
import static dev.duel.reference.logic.ProductRules.NEGATIVE_PRICE;
import static dev.duel.reference.logic.ProductRules.NO_NUL_PATTERN;
import static dev.duel.reference.logic.ProductRules.NUL_CHARACTER;
import static dev.duel.reference.logic.ProductRules.SKU_MAX_LENGTH;
import static dev.duel.reference.logic.ProductRules.SKU_TOO_LONG;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A product's field rules as composed Bean Validation constraints; each part reports its own
 * message, the same text the minimal app's explicit rules give.
 */
final class ProductConstraints {
    private ProductConstraints() {}

    @NotBlank(message = BLANK)
    @Size(max = SKU_MAX_LENGTH, message = SKU_TOO_LONG)
    @Pattern(regexp = NO_NUL_PATTERN, message = NUL_CHARACTER)
    @Documented
    @Constraint(validatedBy = {})
    @Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
    @Retention(RetentionPolicy.RUNTIME)
    @interface Sku {
        String message() default "";

        Class<?>[] groups() default {};

        Class<? extends Payload>[] payload() default {};
    }

    @NotBlank(message = BLANK)
    @Size(max = NAME_MAX_LENGTH, message = NAME_TOO_LONG)
    @Pattern(regexp = NO_NUL_PATTERN, message = NUL_CHARACTER)
    @Documented
    @Constraint(validatedBy = {})
    @Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
    @Retention(RetentionPolicy.RUNTIME)
    @interface Name {
        String message() default "";

        Class<?>[] groups() default {};

        Class<? extends Payload>[] payload() default {};
    }

    @NotNull(message = MISSING)
    @PositiveOrZero(message = NEGATIVE_PRICE)
    @Documented
    @Constraint(validatedBy = {})
    @Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
    @Retention(RetentionPolicy.RUNTIME)
    @interface Price {
        String message() default "";

        Class<?>[] groups() default {};

        Class<? extends Payload>[] payload() default {};
    }
}
