package dev.duel.load.check;

import dev.duel.load.InvalidSettingException;
import dev.duel.load.Setting;
import dev.duel.load.http.VariableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Text with {@code ${variable}} references resolved against a request's values. Immutable. */
final class ValueTemplate {
    private static final Pattern REFERENCE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");

    private final List<String> literals = new ArrayList<>();
    private final List<Integer> slots = new ArrayList<>();
    private final String text;

    ValueTemplate(String text, List<String> variableNames) {
        this.text = text;
        Matcher matcher = REFERENCE.matcher(text);
        int last = 0;
        while (matcher.find()) {
            int slot = variableNames.indexOf(matcher.group(1));
            if (slot < 0) {
                throw new InvalidSettingException(
                        Setting.VARIABLES,
                        "${" + matcher.group(1) + "} is not declared: " + VariableSpec.HOW_TO_DECLARE);
            }
            literals.add(text.substring(last, matcher.start()));
            slots.add(slot);
            last = matcher.end();
        }
        literals.add(text.substring(last));
    }

    boolean constant() {
        return slots.isEmpty();
    }

    /** True if the whole text is one variable reference. */
    boolean singleReference() {
        return slots.size() == 1 && literals.get(0).isEmpty() && literals.get(1).isEmpty();
    }

    String resolve(String[] values) {
        if (slots.isEmpty()) {
            return text;
        }
        if (singleReference()) {
            return values[slots.get(0)]; // the value itself: no copy per response
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < slots.size(); i++) {
            out.append(literals.get(i)).append(values[slots.get(i)]);
        }
        return out.append(literals.get(slots.size())).toString();
    }

    @Override
    public String toString() {
        return text;
    }
}
