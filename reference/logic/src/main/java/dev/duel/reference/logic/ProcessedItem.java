package dev.duel.reference.logic;

/** One element of the {@code /process} answer. All numbers are integers, so the JSON is the same on every JDK. */
public record ProcessedItem(
        long id,
        String sku,
        String label,
        int priceCents,
        int discountedCents,
        int quantity,
        int ratingTenths,
        int createdDay,
        long stockValueCents) {}
