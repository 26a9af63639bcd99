package dev.duel.reference.logic;

/**
 * An RFC 9457 problem body ({@code application/problem+json}) for errors that are not field errors.
 */
public record Problem(String type, String title, int status, String detail) {
    public static final String MEDIA_TYPE = "application/problem+json";

    public static Problem notFound(long id) {
        return new Problem("about:blank", "Not Found", 404, "No product with id " + id + ".");
    }

    public static Problem badId(String raw) {
        return new Problem(
                "about:blank", "Bad Request", 400, "The product id must be an integer, got '" + printable(raw) + "'.");
    }

    public static Problem noDatabase() {
        return new Problem(
                "about:blank",
                "Service Unavailable",
                503,
                "No database is configured: start the app with DATABASE_URL set to a PostgreSQL JDBC URL.");
    }

    public static Problem badQuantity(String detail) {
        return new Problem("about:blank", "Bad Request", 400, detail);
    }

    public static Problem notJson() {
        return new Problem(
                "about:blank", "Unsupported Media Type", 415, "Send the product as Content-Type: application/json.");
    }

    public static Problem noRoute(String method, String path) {
        return new Problem("about:blank", "Not Found", 404, "No route for " + method + " " + printable(path) + ".");
    }

    public static Problem methodNotAllowed(String method, String path) {
        return new Problem(
                "about:blank",
                "Method Not Allowed",
                405,
                printable(method) + " is not allowed on " + printable(path) + ".");
    }

    public static Problem internalError() {
        return new Problem("about:blank", "Internal Server Error", 500, "The app failed; its log says why.");
    }

    public static Problem databaseFailed() {
        return new Problem("about:blank", "Service Unavailable", 503, "The database did not answer.");
    }

    private static String printable(String raw) {
        String cut = raw.length() > 40 ? raw.substring(0, 40) + "..." : raw;
        StringBuilder out = new StringBuilder(cut.length());
        cut.codePoints().forEach(c -> out.appendCodePoint(c >= 0x20 && c != 0x7f ? c : '?'));
        return out.toString();
    }
}
