package dev.duel.reference.logic;

/** A product as both APIs return it: {@code {"id":42,"name":"Product 42","priceCents":4200}}. */
public record ProductView(long id, String name, int priceCents) {
    /** The fixed answer of {@code GET /json}: framework work only. */
    public static final ProductView SAMPLE = new ProductView(42, "Product 42", 4200);
}
