package dev.duel.targets;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The last lines of a process's log, read from at most its last {@link #MAX_BYTES} bytes and decoded leniently: a log
 * is whatever the process wrote. Reading the whole file (as before) held a long run's log in memory, and one byte that
 * is not UTF-8 (a native library's message, a Latin-1 locale) gave no lines at all. Stateless; thread-safe.
 */
public final class LogTail {
    /** The most of a log's end that is read: many times the lines a record keeps. */
    public static final int MAX_BYTES = 1 << 20;

    private LogTail() {}

    /**
     * The last {@code count} lines of {@code log} (fewer when it has fewer), each byte that is not UTF-8 read as
     * U+FFFD. When the file is longer than {@link #MAX_BYTES}, only its end is read and the first, cut line left out.
     *
     * @throws IOException the file cannot be read
     */
    public static List<String> lastLines(Path log, int count) throws IOException {
        return lastLines(log, count, MAX_BYTES);
    }

    static List<String> lastLines(Path log, int count, int maxBytes) throws IOException {
        byte[] bytes;
        boolean cut;
        try (SeekableByteChannel channel = Files.newByteChannel(log)) {
            long size = channel.size();
            long from = Math.max(0, size - maxBytes);
            cut = from > 0;
            channel.position(from);
            ByteBuffer buffer = ByteBuffer.allocate((int) (size - from));
            while (buffer.hasRemaining() && channel.read(buffer) > 0) {
                // until the end as it was when opened
            }
            bytes = java.util.Arrays.copyOf(buffer.array(), buffer.position());
        }
        String text = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE)
                .decode(ByteBuffer.wrap(bytes))
                .toString();
        List<String> lines = new ArrayList<>(text.lines().toList());
        if (cut && !lines.isEmpty()) {
            lines.remove(0); // begun mid-line
        }
        return new ArrayList<>(lines.subList(Math.max(0, lines.size() - count), lines.size()));
    }
}
