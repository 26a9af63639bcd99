package dev.duel.reference.logic;

/** Another product already has this SKU (checked first, and guaranteed by the unique index under races). */
public final class DuplicateSkuException extends Exception {
    private static final long serialVersionUID = 1L;
    private final String sku;

    public DuplicateSkuException(String sku) {
        super(ProductRules.duplicateSku(sku));
        this.sku = sku;
    }

    public String sku() {
        return sku;
    }
}
