package dev.duel.reference.logic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProductRulesTest {
    @Test
    void aGoodProductHasNoErrors() {
        assertTrue(ProductRules.fieldErrors(new NewProduct("ABC-1", "Lamp", 0)).isEmpty());
    }

    @Test
    void everyRuleHasItsMessageSortedByField() {
        Map<String, List<String>> errors = ProductRules.fieldErrors(new NewProduct(" ".repeat(40), null, -1));
        assertEquals(List.of("name", "priceCents", "sku"), List.copyOf(errors.keySet()));
        assertEquals(List.of(ProductRules.SKU_TOO_LONG, ProductRules.BLANK), errors.get("sku"));
        assertEquals(List.of(ProductRules.BLANK), errors.get("name"));
        assertEquals(List.of(ProductRules.NEGATIVE_PRICE), errors.get("priceCents"));
        assertEquals(
                List.of(ProductRules.MISSING),
                ProductRules.fieldErrors(new NewProduct("a", "b", null)).get("priceCents"));
        assertEquals(
                List.of(ProductRules.NAME_TOO_LONG),
                ProductRules.fieldErrors(new NewProduct("a", "n".repeat(101), 1))
                        .get("name"));
    }

    @Test
    void onlyWellFormedSkusAreLookedUp() {
        assertTrue(ProductRules.skuWellFormed("SKU-1"));
        assertTrue(!ProductRules.skuWellFormed(" "));
        assertTrue(!ProductRules.skuWellFormed("x".repeat(33)));
        assertEquals("SKU X already exists.", ProductRules.duplicateSku("X"));
    }

    @Test
    void configComesFromTheEnvironmentWithClearErrors() {
        AppConfig defaults = AppConfig.fromEnvironment(Map.of());
        assertEquals(8080, defaults.port());
        assertEquals(32, defaults.poolSize());
        assertEquals(1_000_000, defaults.datasetSize());
        assertTrue(!defaults.hasDatabase());
        AppConfig set = AppConfig.fromEnvironment(Map.of(
                "PORT",
                "0",
                "DATABASE_URL",
                "jdbc:postgresql://127.0.0.1:5/x",
                "DB_POOL_SIZE",
                "8",
                "DATASET_SIZE",
                "10000"));
        assertEquals(0, set.port());
        assertEquals(8, set.poolSize());
        assertTrue(set.hasDatabase());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AppConfig.fromEnvironment(Map.of("PORT", "http")))
                .getMessage()
                .startsWith("PORT must be an integer"));
        assertThrows(
                IllegalArgumentException.class, () -> AppConfig.fromEnvironment(Map.of("DATABASE_URL", "mysql://x")));
    }
}
