package dev.duel.reference.controllers;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** No product may have this SKU yet: a constraint that asks the database. */
@Documented
@Constraint(validatedBy = UniqueSkuValidator.class)
@Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
@Retention(RetentionPolicy.RUNTIME)
@interface UniqueSku {
    String message() default "SKU already exists.";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
