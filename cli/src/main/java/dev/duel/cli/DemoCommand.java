package dev.duel.cli;

import dev.duel.load.LoadEngine;
import dev.duel.load.LoadModel;
import dev.duel.load.LoadPlan;
import dev.duel.load.LoadResult;
import dev.duel.load.Timing;
import dev.duel.load.http.RequestSpec;
import dev.duel.load.schedule.Rate;
import dev.duel.load.sink.SinkServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code duel demo}: what duel can do on this machine with nothing else installed. Until suites
 * and reference apps exist, it shows the load engine against its in-process sink: a closed-model
 * run and an open-model run at a fixed rate, each with its summary.
 */
@Command(name = "demo", description = "Shows duel at work with nothing to set up: the load engine against an in-process HTTP sink.",
        mixinStandardHelpOptions = true, versionProvider = Duel.Version.class, footer = {"", ExitCodes.HELP})
final class DemoCommand implements Callable<Integer> {
    @Override
    public Integer call() throws Exception {
        System.out.println("duel demo: the load engine against an in-process HTTP sink on 127.0.0.1.");
        System.out.println("The sink runs in duel's own JVM, so the engine CPU shown below includes the sink's: this shows how duel");
        System.out.println("reports, not what the engine costs (bench/loadgen-vs-wrk.sh measures that against nginx).");
        try (SinkServer sink = SinkServer.start()) {
            List<String> checks = List.of("status == 200", "json:/id == 42");
            LoadPlan closed = new LoadPlan(new RequestSpec("GET", sink.url("/json"), List.of(), null), Map.of(), checks,
                    new LoadModel.Closed(32), new Timing.Phases(Duration.ofSeconds(2), Duration.ofMillis(500), Duration.ofSeconds(5)),
                    Duration.ofSeconds(10), 1, 0, LoadPlan.Transport.AUTO);
            LoadResult closedResult = run("1/2 closed model: 32 virtual users as fast as the sink answers", closed);
            long rate = Math.max(100, Math.round(closedResult.main().okPerSecond() * 0.5 / 100) * 100);
            LoadPlan open = new LoadPlan(closed.request(), Map.of(), checks,
                    new LoadModel.Open(Rate.perSecond(rate), LoadModel.Arrival.POISSON, 64), closed.timing(),
                    Duration.ofSeconds(10), 1, 0, LoadPlan.Transport.AUTO);
            LoadResult openResult = run("2/2 open model: Poisson arrivals at half the closed model's throughput", open);
            return closedResult.main().errorRate() > 0 || openResult.main().errorRate() > 0 ? ExitCodes.CHECKS_FAILED : ExitCodes.OK;
        }
    }

    private static LoadResult run(String title, LoadPlan plan) throws Exception {
        System.out.println();
        System.out.println(title);
        LoadResult result = new LoadEngine().run(plan, new ProgressDisplay(System.err));
        System.out.print(new SummaryFormatter().format(result, 0));
        return result;
    }
}
