package dev.duel.load.check;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duel.load.InvalidSettingException;
import dev.duel.load.Setting;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Every check a response must pass: one status check (default: any 2xx) and any number of body
 * checks. Written as:
 * <pre>
 *   status == 200            status in 200,201,204      status in 2xx,304      status in 200..299
 *   body contains Product    body contains "Product ${id}"
 *   json:/id == ${id}        json:/name == "Product 42"  json:/price != null    json:/items/0 exists
 * </pre>
 * Immutable and thread-safe.
 */
public final class ResponseChecks {
    private final StatusCheck status;
    private final List<BodyCheck> bodyChecks;
    private final List<String> texts;

    private ResponseChecks(StatusCheck status, List<BodyCheck> bodyChecks, List<String> texts) {
        this.status = status;
        this.bodyChecks = List.copyOf(bodyChecks);
        this.texts = List.copyOf(texts);
    }

    /**
     * @param expressions   checks as the user wrote them
     * @param variableNames the request's variables, in template order
     * @throws InvalidSettingException naming the check as written: {@link Setting#CHECKS} for a check
     *                                 that cannot be read, {@link Setting#VARIABLES} for one that uses
     *                                 an undeclared variable
     */
    public static ResponseChecks parse(List<String> expressions, List<String> variableNames) {
        StatusCheck status = null;
        List<BodyCheck> body = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (String raw : expressions) {
            String expression = raw.trim();
            try {
                if (expression.startsWith("status")) {
                    if (status != null) {
                        throw new IllegalArgumentException(
                                "only one status check is allowed; list the codes: status in 200,201");
                    }
                    status = parseStatus(expression.substring("status".length()).trim());
                } else if (expression.startsWith("body")) {
                    String rest = expression.substring("body".length()).trim();
                    if (!rest.startsWith("contains ")) {
                        throw new IllegalArgumentException("write: body contains TEXT");
                    }
                    body.add(new BodyContainsCheck(
                            unquote(rest.substring("contains ".length()).trim()), variableNames, expression));
                } else if (expression.startsWith("json:")) {
                    body.add(parseJson(expression, variableNames));
                } else {
                    throw new IllegalArgumentException(
                            "a check starts with 'status', 'body contains' or 'json:/pointer'");
                }
            } catch (InvalidSettingException e) {
                throw new InvalidSettingException(e.setting(), "check '" + raw + "': " + e.problem(), e);
            } catch (IllegalArgumentException e) {
                throw new InvalidSettingException(Setting.CHECKS, "check '" + raw + "': " + e.getMessage(), e);
            }
            texts.add(expression);
        }
        if (status == null) {
            status = StatusCheck.successful();
            texts.add(0, status + " (default)");
        }
        return new ResponseChecks(status, body, texts);
    }

    private static StatusCheck parseStatus(String rest) {
        if (rest.startsWith("==")) {
            return StatusCheck.parseList(rest.substring(2));
        }
        if (rest.startsWith("in ")) {
            return StatusCheck.parseList(rest.substring(3));
        }
        throw new IllegalArgumentException("write: status == 200, status == 2xx or status in 200,201");
    }

    private static BodyCheck parseJson(String expression, List<String> variableNames) {
        String rest = expression.substring("json:".length()).trim();
        int space = rest.indexOf(' ');
        String pointer = space < 0 ? rest : rest.substring(0, space);
        String tail = space < 0 ? "" : rest.substring(space + 1).trim();
        if (!pointer.startsWith("/")) {
            throw new IllegalArgumentException("the JSON pointer must start with '/', e.g. json:/id == 42");
        }
        if (tail.equals("exists")) {
            return new JsonPointerCheck(pointer, JsonPointerCheck.Operator.EXISTS, null, variableNames, expression);
        }
        if (tail.startsWith("==")) {
            return new JsonPointerCheck(
                    pointer, JsonPointerCheck.Operator.EQUALS, tail.substring(2), variableNames, expression);
        }
        if (tail.startsWith("!=")) {
            return new JsonPointerCheck(
                    pointer, JsonPointerCheck.Operator.NOT_EQUALS, tail.substring(2), variableNames, expression);
        }
        throw new IllegalArgumentException("write json:/pointer == VALUE, != VALUE or exists");
    }

    /** A JSON-quoted text is unescaped; anything else is taken as written. */
    private static String unquote(String text) {
        if (text.length() >= 2 && text.startsWith("\"") && text.endsWith("\"")) {
            try (JsonParser parser = new JsonFactory().createParser(text)) {
                if (parser.nextToken() == JsonToken.VALUE_STRING) {
                    return parser.getText();
                }
            } catch (IOException e) {
                throw new IllegalArgumentException("bad quoted text " + text + ": " + e.getMessage());
            }
        }
        return text;
    }

    public StatusCheck status() {
        return status;
    }

    public List<BodyCheck> bodyChecks() {
        return bodyChecks;
    }

    /** True if correct responses must keep their body for the checks. */
    public boolean needBody() {
        return !bodyChecks.isEmpty();
    }

    /** Every check as written, the implied status check included. */
    public List<String> texts() {
        return texts;
    }
}
