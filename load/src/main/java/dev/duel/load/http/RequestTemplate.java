package dev.duel.load.http;

import dev.duel.load.InvalidSettingException;
import dev.duel.load.Setting;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A request compiled once into literal byte segments and variable slots, so that sending it
 * costs a copy of ready bytes: a request with no variables is encoded exactly once, and one
 * with variables only writes the values in between. Text is encoded as {@link RequestText} says
 * (the request target ASCII with non-ASCII percent-encoded, headers and bodies UTF-8), and every
 * value a variable can take is checked for the places it is used when the template is compiled,
 * before anything is sent. Immutable and thread-safe.
 */
public final class RequestTemplate {
    private static final Pattern REFERENCE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");
    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] CONTENT_LENGTH = "Content-Length: ".getBytes(StandardCharsets.US_ASCII);

    /** A literal run of bytes, or a variable slot when {@code slot >= 0}, encoded as its place asks. */
    private record Segment(byte[] literal, int slot, RequestText.Place place) {}

    private final String method;
    private final List<String> variableNames;
    private final List<Segment> head;
    private final List<Segment> body;
    private final boolean hasBody;
    private final int literalBytes;
    private final ByteBuf encoded;
    /** The releasable buffer under {@link #encoded}; null with variables. */
    private final ByteBuf direct;

    private RequestTemplate(
            String method, List<String> variableNames, List<Segment> head, List<Segment> body, boolean hasBody) {
        this.method = method;
        this.variableNames = List.copyOf(variableNames);
        this.head = List.copyOf(head);
        this.body = List.copyOf(body);
        this.hasBody = hasBody;
        int literal = 0;
        for (Segment s : head) {
            literal += s.slot < 0 ? s.literal.length : 0;
        }
        for (Segment s : body) {
            literal += s.slot < 0 ? s.literal.length : 0;
        }
        this.literalBytes = literal;
        if (variableNames.isEmpty()) {
            ByteBuf bytes = Unpooled.directBuffer(literal + 32);
            render(bytes, new String[0]);
            this.direct = bytes;
            this.encoded = Unpooled.unreleasableBuffer(bytes);
        } else {
            this.direct = null;
            this.encoded = null;
        }
    }

    /**
     * Frees the shared encoded request (direct memory, which the garbage collector does not free
     * in time and Netty's leak detector reports). Call once, after every connection that wrote it
     * is closed; the template cannot be written after. Not thread-safe with writers.
     */
    public void release() {
        if (direct != null && direct.refCnt() > 0) {
            direct.release();
        }
    }

    /**
     * @param variables the declared variables; a reference to any other name in the URL or a
     *                  header is an error, while the body leaves unknown references as written
     * @throws InvalidSettingException {@link Setting#VARIABLES} for such a reference or for a value
     *                                 that cannot be sent where it is used (a line break in a header, a
     *                                 space in the URL), {@link Setting#URL} for a path that cannot be
     *                                 sent, {@link Setting#HEADERS} for a header duel writes itself or
     *                                 one with a control character
     */
    public static RequestTemplate compile(RequestSpec spec, Map<String, VariableSpec> variables) {
        List<String> names = new ArrayList<>(variables.keySet());
        List<Segment> head = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        literal.append(spec.method()).append(' ');
        String target = RequestText.literalTarget(spec.pathAndQuery());
        splitInto(target, variables, names, true, "the URL", RequestText.Place.TARGET, literal, head);
        literal.append(" HTTP/1.1\r\n");
        boolean hostGiven = spec.headers().stream().anyMatch(h -> h.name().equalsIgnoreCase("host"));
        if (!hostGiven) {
            literal.append("Host: ").append(spec.hostHeader()).append("\r\n");
        }
        for (Header header : spec.headers()) {
            if (header.name().equalsIgnoreCase("content-length")
                    || header.name().equalsIgnoreCase("transfer-encoding")) {
                throw new InvalidSettingException(
                        Setting.HEADERS, "duel sets " + header.name() + " itself from the body; leave it out");
            }
            RequestText.checkLiteralHeader(header);
            literal.append(header.name()).append(": ");
            splitInto(
                    header.value(),
                    variables,
                    names,
                    true,
                    "header " + header.name(),
                    RequestText.Place.HEADER,
                    literal,
                    head);
            literal.append("\r\n");
        }
        flush(literal, head, RequestText.Place.HEADER);
        List<Segment> body = new ArrayList<>();
        boolean hasBody = spec.body() != null;
        if (hasBody) {
            // Latin-1 maps bytes to chars one to one, so the literal body (UTF-8 text or binary)
            // goes out byte for byte; ${name} is ASCII, which no UTF-8 sequence contains.
            String text = new String(spec.body(), StandardCharsets.ISO_8859_1);
            StringBuilder bodyLiteral = new StringBuilder();
            splitInto(text, variables, names, false, "the body", RequestText.Place.BODY, bodyLiteral, body);
            flush(bodyLiteral, body, RequestText.Place.BODY);
        }
        String method = spec.method();
        return new RequestTemplate(
                method,
                names,
                head,
                body,
                hasBody || method.equals("POST") || method.equals("PUT") || method.equals("PATCH"));
    }

    private static void splitInto(
            String text,
            Map<String, VariableSpec> variables,
            List<String> names,
            boolean strict,
            String where,
            RequestText.Place place,
            StringBuilder literal,
            List<Segment> into) {
        Matcher matcher = REFERENCE.matcher(text);
        int last = 0;
        while (matcher.find()) {
            int slot = names.indexOf(matcher.group(1));
            if (slot < 0) {
                if (strict) {
                    throw new InvalidSettingException(
                            Setting.VARIABLES,
                            where + " uses ${" + matcher.group(1) + "}, which is not declared: "
                                    + VariableSpec.HOW_TO_DECLARE);
                }
                continue;
            }
            for (String value : variables.get(matcher.group(1)).freeTextValues()) {
                RequestText.checkValue(matcher.group(1), value, place, where);
            }
            literal.append(text, last, matcher.start());
            flush(literal, into, place);
            into.add(new Segment(null, slot, place));
            last = matcher.end();
        }
        literal.append(text, last, text.length());
    }

    /**
     * Ends a literal run. The head's runs are UTF-8 (the target is ASCII by now, header values are
     * UTF-8); the body's are Latin-1 chars that stand for its original bytes.
     */
    private static void flush(StringBuilder literal, List<Segment> into, RequestText.Place place) {
        if (literal.length() > 0) {
            Charset charset = place == RequestText.Place.BODY ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8;
            into.add(new Segment(literal.toString().getBytes(charset), -1, place));
            literal.setLength(0);
        }
    }

    /** Names of the variables, in the order {@link #render} expects their values. */
    public List<String> variableNames() {
        return variableNames;
    }

    public boolean hasVariables() {
        return !variableNames.isEmpty();
    }

    /** HEAD responses carry no body whatever their headers say. */
    public boolean expectsNoResponseBody() {
        return method.equals("HEAD");
    }

    /** The encoded request of a template without variables, shared; write a duplicate of it. */
    public ByteBuf encoded() {
        if (encoded == null) {
            throw new IllegalStateException("a template with variables is rendered per request");
        }
        return encoded;
    }

    /** A size that usually fits a rendered request. */
    public int estimatedBytes() {
        return literalBytes + 24 + 32 * variableNames.size();
    }

    /**
     * Writes the request with these variable values into {@code out}.
     *
     * @return the number of bytes written
     */
    public int render(ByteBuf out, String[] values) {
        int start = out.writerIndex();
        writeSegments(out, head, values);
        if (hasBody) {
            int bodyLength = 0;
            for (Segment s : body) {
                bodyLength += s.slot < 0 ? s.literal.length : RequestText.utf8Length(values[s.slot]);
            }
            out.writeBytes(CONTENT_LENGTH);
            writeAscii(out, Integer.toString(bodyLength));
            out.writeBytes(CRLF);
            out.writeBytes(CRLF);
            writeSegments(out, body, values);
        } else {
            out.writeBytes(CRLF);
        }
        return out.writerIndex() - start;
    }

    /** The request line with values filled in, for failure examples. */
    public String requestLine(String[] values) {
        ByteBuf rendered = Unpooled.buffer(estimatedBytes());
        render(rendered, values);
        String text = rendered.toString(StandardCharsets.ISO_8859_1);
        int lineEnd = text.indexOf("\r\n");
        return lineEnd < 0 ? text : text.substring(0, lineEnd);
    }

    private static void writeSegments(ByteBuf out, List<Segment> segments, String[] values) {
        for (int i = 0, n = segments.size(); i < n; i++) {
            Segment s = segments.get(i);
            if (s.slot < 0) {
                out.writeBytes(s.literal);
            } else if (s.place == RequestText.Place.TARGET) {
                RequestText.writeTarget(out, values[s.slot]);
            } else {
                RequestText.writeUtf8(out, values[s.slot]);
            }
        }
    }

    private static void writeAscii(ByteBuf out, String text) {
        out.writeCharSequence(text, StandardCharsets.US_ASCII);
    }

    @Override
    public String toString() {
        return method.toUpperCase(Locale.ROOT) + " template with " + variableNames.size() + " variable(s)";
    }
}
