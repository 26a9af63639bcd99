package dev.duel.reference.logic;

/** The body of {@code POST /products}; any field may be missing (null) until validated. */
public record NewProduct(String sku, String name, Integer priceCents) {}
