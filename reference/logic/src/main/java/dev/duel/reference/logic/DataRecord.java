package dev.duel.reference.logic;

/**
 * One record of the in-memory dataset behind {@code /process}. Sized so that a million of them
 * take about 150 MB of heap (see {@link Dataset}).
 *
 * @param id            unique, 1-based
 * @param name          a generated product name, about 55 characters
 * @param category      one of {@link Dataset#CATEGORIES} (shared instances)
 * @param priceCents    100 .. 99,999
 * @param quantity      0 .. 499 in stock
 * @param ratingTenths  10 .. 50 (1.0 to 5.0 stars)
 * @param createdDay    days since 2020-01-01
 */
public record DataRecord(
        long id, String name, String category, int priceCents, int quantity, int ratingTenths, int createdDay) {}
