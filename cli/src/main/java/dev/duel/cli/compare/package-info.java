/**
 * {@code duel compare}'s parts that decide without running anything: which port setting an application reads
 * ({@link dev.duel.cli.compare.PortSetting}) and the suite file a comparison is written as
 * ({@link dev.duel.cli.compare.CompareSuite}), so that what the command ran is a file the user can edit and run
 * again with {@code duel run}.
 */
package dev.duel.cli.compare;
