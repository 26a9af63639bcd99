/**
 * render: lays a {@code model} Report out as terminal text, Markdown, HTML, summary.json and charts, and a micro
 * report likewise. Uses only the model: every number and verdict is already there, so the formats cannot disagree.
 */
package dev.duel.report.render;
