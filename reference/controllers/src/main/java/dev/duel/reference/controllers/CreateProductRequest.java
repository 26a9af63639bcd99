package dev.duel.reference.controllers;

import static dev.duel.reference.logic.ProductRules.BLANK;
import static dev.duel.reference.logic.ProductRules.MISSING;
import static dev.duel.reference.logic.ProductRules.NAME_MAX_LENGTH;
import static dev.duel.reference.logic.ProductRules.NAME_TOO_LONG;
import static dev.duel.reference.logic.ProductRules.NEGATIVE_PRICE;
import static dev.duel.reference.logic.ProductRules.SKU_MAX_LENGTH;
import static dev.duel.reference.logic.ProductRules.SKU_TOO_LONG;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

/** The body of {@code POST /products}, with its rules as Bean Validation constraints. */
record CreateProductRequest(
        @NotBlank(message = BLANK) @Size(max = SKU_MAX_LENGTH, message = SKU_TOO_LONG) @UniqueSku String sku,
        @NotBlank(message = BLANK) @Size(max = NAME_MAX_LENGTH, message = NAME_TOO_LONG) String name,
        @NotNull(message = MISSING) @PositiveOrZero(message = NEGATIVE_PRICE) Integer priceCents) {
}
