package dev.duel.reference.micro;

import dev.duel.reference.logic.DataRecord;
import dev.duel.reference.logic.Dataset;
import dev.duel.reference.logic.ProcessLogic;
import dev.duel.reference.logic.ProcessedItem;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The steps of {@code /process} separately and together, on the seeded dataset (run with
 * {@code -prof gc} for allocation per operation). Each step gets the previous step's output,
 * prepared once in setup.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 2,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class ProcessLogicBenchmark {
    @Param({"1000000"})
    int size;

    private DataRecord[] dataset;
    private DataRecord[] filtered;
    private DataRecord[] sorted;
    private ProcessedItem[] items;

    @Setup
    public void generate() {
        dataset = Dataset.generate(size);
        filtered = ProcessLogic.filter(dataset);
        sorted = ProcessLogic.sort(filtered);
        items = ProcessLogic.transform(sorted);
    }

    @Benchmark
    public DataRecord[] filter() {
        return ProcessLogic.filter(dataset);
    }

    @Benchmark
    public DataRecord[] sort() {
        return ProcessLogic.sort(filtered);
    }

    @Benchmark
    public ProcessedItem[] transform() {
        return ProcessLogic.transform(sorted);
    }

    @Benchmark
    public long serialize() throws IOException {
        CountingSink sink = new CountingSink();
        ProcessLogic.serialize(items, sink);
        return sink.bytes;
    }

    @Benchmark
    public long process() throws IOException {
        CountingSink sink = new CountingSink();
        ProcessLogic.process(dataset, sink);
        return sink.bytes;
    }

    /** Where the JSON goes: counted, then dropped, as a socket would take it. */
    static final class CountingSink extends OutputStream {
        long bytes;

        @Override
        public void write(int b) {
            bytes++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes += len;
        }
    }
}
