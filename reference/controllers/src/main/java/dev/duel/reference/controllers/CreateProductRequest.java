package dev.duel.reference.controllers;

/** The body of {@code POST /products}: the field rules, and a SKU no product has yet. */
record CreateProductRequest(
        @ProductConstraints.Sku @UniqueSku String sku,
        @ProductConstraints.Name String name,
        @ProductConstraints.Price Integer priceCents) {}
