/**
 * The command line: {@code duel load | run | demo | report | micro | smoke | agent | env}, picocli's commands,
 * progress lines, exit codes ({@link dev.duel.cli.ExitCodes}) and the one clear message per user error. Uses every
 * other module; nothing uses it.
 */
package dev.duel.cli;
