package dev.duel.reference.logic;

import java.util.List;
import java.util.Map;

/** The 400 body of an invalid product: {@code {"errors":{"sku":["SKU X already exists."]}}}. Fields sorted. */
public record ValidationErrors(Map<String, List<String>> errors) {
    public static ValidationErrors duplicateSku(String sku) {
        return new ValidationErrors(Map.of("sku", List.of(ProductRules.duplicateSku(sku))));
    }

    public static ValidationErrors malformedBody() {
        return new ValidationErrors(Map.of("body", List.of("must be a JSON object with sku, name and priceCents.")));
    }
}
