package dev.duel.reference.logic;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The rules a new product must pass, and their messages. The controllers app states them as Bean
 * Validation annotations that use these constants; the minimal app calls {@link #fieldErrors}.
 * Both sort fields and messages, so the same input gives the same body.
 */
public final class ProductRules {
    public static final int SKU_MAX_LENGTH = 32;
    public static final int NAME_MAX_LENGTH = 100;

    public static final String BLANK = "must not be blank.";
    public static final String MISSING = "is required.";
    public static final String SKU_TOO_LONG = "must be at most 32 characters.";
    public static final String NAME_TOO_LONG = "must be at most 100 characters.";
    public static final String NEGATIVE_PRICE = "must be at least 0.";
    /** PostgreSQL text cannot hold U+0000; saying so beats a database error. */
    public static final String NUL_CHARACTER = "must not contain the NUL character.";
    /** The same rule as a regular expression, for Bean Validation's {@code @Pattern}. */
    public static final String NO_NUL_PATTERN = "[^\\x00]*";

    private ProductRules() {}

    public static String duplicateSku(String sku) {
        return "SKU " + sku + " already exists.";
    }

    /** True when the SKU passed its field rules, so that asking the database about it makes sense. */
    public static boolean skuWellFormed(String sku) {
        return sku != null && !sku.isBlank() && sku.length() <= SKU_MAX_LENGTH && sku.indexOf('\u0000') < 0;
    }

    /**
     * A product id as written in a path: an optional sign and decimal digits that fit a long, nothing
     * else (no spaces, no hex), the same in both apps.
     *
     * @return the id, or null when the text is not one
     */
    public static Long parseId(String text) {
        if (text == null || text.isEmpty() || text.length() > 20) {
            return null;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean sign = i == 0 && (c == '-' || c == '+') && text.length() > 1;
            if (!sign && (c < '0' || c > '9')) {
                return null;
            }
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Errors of the field rules, by field, sorted; empty when the product passes them. */
    public static Map<String, List<String>> fieldErrors(NewProduct product) {
        Map<String, List<String>> errors = new TreeMap<>();
        if (product.sku() == null || product.sku().isBlank()) {
            add(errors, "sku", BLANK);
        }
        if (product.sku() != null && product.sku().length() > SKU_MAX_LENGTH) {
            add(errors, "sku", SKU_TOO_LONG);
        }
        if (product.sku() != null && product.sku().indexOf('\u0000') >= 0) {
            add(errors, "sku", NUL_CHARACTER);
        }
        if (product.name() == null || product.name().isBlank()) {
            add(errors, "name", BLANK);
        }
        if (product.name() != null && product.name().length() > NAME_MAX_LENGTH) {
            add(errors, "name", NAME_TOO_LONG);
        }
        if (product.name() != null && product.name().indexOf('\u0000') >= 0) {
            add(errors, "name", NUL_CHARACTER);
        }
        if (product.priceCents() == null) {
            add(errors, "priceCents", MISSING);
        } else if (product.priceCents() < 0) {
            add(errors, "priceCents", NEGATIVE_PRICE);
        }
        return errors;
    }

    /** Adds a message, keeping each field's messages sorted. */
    public static void add(Map<String, List<String>> errors, String field, String message) {
        List<String> messages = errors.computeIfAbsent(field, f -> new ArrayList<>());
        messages.add(message);
        messages.sort(null);
    }
}
