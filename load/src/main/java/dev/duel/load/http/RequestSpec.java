package dev.duel.load.http;

import dev.duel.load.InvalidSettingException;
import dev.duel.load.Setting;
import java.net.URI;
import java.util.List;
import java.util.Locale;

/**
 * What to send: method, an absolute http:// URL whose path and query may contain
 * {@code ${variable}} references, headers, and an optional body. Immutable. A wrong method or URL
 * is an {@link InvalidSettingException} naming {@link Setting#METHOD} or {@link Setting#URL}.
 *
 * @param url  the target, e.g. {@code http://127.0.0.1:8080/products/${id}}
 * @param body the body bytes, or null for none
 */
public record RequestSpec(String method, String url, List<Header> headers, byte[] body) {
    public RequestSpec {
        method = method == null ? "GET" : method.toUpperCase(Locale.ROOT);
        if (!method.chars().allMatch(c -> c >= 'A' && c <= 'Z')) {
            throw new InvalidSettingException(
                    Setting.METHOD, "'" + method + "' is not an HTTP method (letters only, e.g. GET or POST)");
        }
        headers = List.copyOf(headers == null ? List.of() : headers);
        target(url); // validates
    }

    /**
     * Scheme, host and port of the URL; the path is taken as written by {@link #pathAndQuery()}.
     *
     * @throws InvalidSettingException {@link Setting#URL}: no URL, not http://, or no host
     */
    public static URI target(String url) {
        if (url == null) {
            throw new InvalidSettingException(Setting.URL, "is required, e.g. http://127.0.0.1:8080/");
        }
        int schemeEnd = url.indexOf("://");
        String scheme = schemeEnd < 0 ? "" : url.substring(0, schemeEnd).toLowerCase(Locale.ROOT);
        if (scheme.equals("https")) {
            throw new InvalidSettingException(
                    Setting.URL, "https is not supported: duel measures plain HTTP/1.1 (use http://)");
        }
        if (!scheme.equals("http")) {
            throw new InvalidSettingException(Setting.URL, "must start with http://, got '" + url + "'");
        }
        int pathStart = url.indexOf('/', schemeEnd + 3);
        String authority = pathStart < 0 ? url.substring(schemeEnd + 3) : url.substring(schemeEnd + 3, pathStart);
        try {
            URI uri = new URI("http://" + authority + "/");
            if (uri.getHost() == null) {
                throw new InvalidSettingException(Setting.URL, "has no host: '" + url + "'");
            }
            return uri;
        } catch (java.net.URISyntaxException e) {
            throw new InvalidSettingException(Setting.URL, "'" + url + "' is not a valid URL: " + e.getMessage());
        }
    }

    public String host() {
        return target(url).getHost();
    }

    public int port() {
        int port = target(url).getPort();
        return port < 0 ? 80 : port;
    }

    /** The request target as written in the URL ("/" when the URL has no path). */
    public String pathAndQuery() {
        int schemeEnd = url.indexOf("://");
        int pathStart = url.indexOf('/', schemeEnd + 3);
        String path = pathStart < 0 ? "/" : url.substring(pathStart);
        int fragment = path.indexOf('#');
        return fragment < 0 ? path : path.substring(0, fragment);
    }

    /** The Host header value: host, and the port unless it is 80. */
    public String hostHeader() {
        URI target = target(url);
        return target.getPort() < 0 || target.getPort() == 80
                ? target.getHost()
                : target.getHost() + ":" + target.getPort();
    }
}
