/**
 * The reference API's logic, the same for both apps: its settings and dataset, products on PostgreSQL through
 * HikariCP, the CPU-bound {@code /process} work, the JSON answers and problems, health and memory reports. Uses no
 * web framework.
 */
package dev.duel.reference.logic;
