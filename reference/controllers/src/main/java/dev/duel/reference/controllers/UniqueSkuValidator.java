package dev.duel.reference.controllers;

import dev.duel.reference.logic.ProductRepository;
import dev.duel.reference.logic.ProductRules;
import dev.duel.reference.logic.ReferenceApp;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.ValidationException;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Checks {@link UniqueSku} against PostgreSQL. Malformed SKUs are left to the field constraints, so
 * each problem is reported once. Created by Spring, which injects the app.
 */
class UniqueSkuValidator implements ConstraintValidator<UniqueSku, String> {
    private final ReferenceApp app;

    UniqueSkuValidator(ReferenceApp app) {
        this.app = app;
    }

    @Override
    public boolean isValid(String sku, ConstraintValidatorContext context) {
        Optional<ProductRepository> products = app.products();
        if (!ProductRules.skuWellFormed(sku) || products.isEmpty()) {
            return true;
        }
        boolean exists;
        try {
            exists = products.get().skuExists(sku);
        } catch (SQLException e) {
            throw new ValidationException("the database did not answer", e);
        }
        if (exists) {
            context.disableDefaultConstraintViolation();
            context.buildConstraintViolationWithTemplate(literal(ProductRules.duplicateSku(sku)))
                    .addConstraintViolation();
        }
        return !exists;
    }

    /** A message template that says exactly this text: user input must never be interpolated. */
    static String literal(String text) {
        return text.replace("\\", "\\\\")
                .replace("{", "\\{")
                .replace("}", "\\}")
                .replace("$", "\\$");
    }
}
