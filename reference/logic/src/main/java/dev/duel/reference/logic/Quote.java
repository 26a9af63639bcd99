package dev.duel.reference.logic;

/**
 * The answer of {@code POST /quote?quantity=N}: what N of a product cost. No database: it exists so
 * that a benchmark can exercise body binding, a query parameter and JSON output in both apps alone.
 */
public record Quote(String sku, int quantity, int unitCents, long totalCents) {
    public static final int MIN_QUANTITY = 1;
    public static final int MAX_QUANTITY = 1_000;

    public static Quote of(NewProduct product, int quantity) {
        return new Quote(product.sku(), quantity, product.priceCents(), (long) product.priceCents() * quantity);
    }

    /**
     * The quantity query parameter: absent means 1.
     *
     * @throws IllegalArgumentException with the problem detail when it is not an integer in range
     */
    public static int quantity(String raw) {
        if (raw == null) {
            return MIN_QUANTITY;
        }
        try {
            int quantity = Integer.parseInt(raw);
            if (quantity >= MIN_QUANTITY && quantity <= MAX_QUANTITY) {
                return quantity;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(
                "quantity must be an integer from " + MIN_QUANTITY + " to " + MAX_QUANTITY + ".");
    }
}
