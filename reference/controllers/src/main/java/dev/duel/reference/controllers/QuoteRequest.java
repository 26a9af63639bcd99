package dev.duel.reference.controllers;

/** The body of {@code POST /quote}: a product's field rules, without the database rule. */
record QuoteRequest(
        @ProductConstraints.Sku String sku,
        @ProductConstraints.Name String name,
        @ProductConstraints.Price Integer priceCents) {}
