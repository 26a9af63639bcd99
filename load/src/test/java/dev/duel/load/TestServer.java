package dev.duel.load;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** A scriptable HTTP/1.1 server on 127.0.0.1:0 for loopback tests. */
final class TestServer implements AutoCloseable {
    /** How to answer one request. */
    record Answer(int status, String body, long delayNanos, boolean connectionCloseHeader, boolean closeAfter) {
        static Answer ok(String body) {
            return new Answer(200, body, 0, false, false);
        }

        Answer delayed(long nanos) {
            return new Answer(status, body, nanos, connectionCloseHeader, closeAfter);
        }
    }

    /** Decides the answer from the request's number on the server, on its connection, and its arrival time. */
    interface Script {
        Answer answer(long requestNumber, long numberOnConnection, long arrivalNanos, FullHttpRequest request);
    }

    final AtomicLong requests = new AtomicLong();
    final ConcurrentLinkedQueue<Long> arrivalNanos = new ConcurrentLinkedQueue<>();
    final ConcurrentLinkedQueue<String> uris = new ConcurrentLinkedQueue<>();
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel server;

    TestServer(Script script) throws InterruptedException {
        this(script, 0);
    }

    /**
     * @param idleCloseNanos if positive, a connection with no request for this long is closed by the
     *                       server, as keep-alive timeouts do
     */
    TestServer(Script script, long idleCloseNanos) throws InterruptedException {
        server = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        channel.pipeline()
                                .addLast(
                                        new HttpServerCodec(),
                                        new HttpObjectAggregator(1 << 20),
                                        new SimpleChannelInboundHandler<FullHttpRequest>() {
                                            private long onConnection;
                                            private io.netty.util.concurrent.ScheduledFuture<?> idleClose;

                                            @Override
                                            protected void channelRead0(
                                                    ChannelHandlerContext ctx, FullHttpRequest request) {
                                                long now = System.nanoTime();
                                                if (idleClose != null) {
                                                    idleClose.cancel(false);
                                                }
                                                arrivalNanos.add(now);
                                                uris.add(request.uri());
                                                Answer answer = script.answer(
                                                        requests.incrementAndGet(), ++onConnection, now, request);
                                                Runnable reply = () -> {
                                                    reply(ctx, answer);
                                                    if (idleCloseNanos > 0) {
                                                        idleClose = ctx.executor()
                                                                .schedule(
                                                                        () -> ctx.close(),
                                                                        idleCloseNanos,
                                                                        TimeUnit.NANOSECONDS);
                                                    }
                                                };
                                                if (answer.delayNanos() > 0) {
                                                    ctx.executor()
                                                            .schedule(reply, answer.delayNanos(), TimeUnit.NANOSECONDS);
                                                } else {
                                                    reply.run();
                                                }
                                            }
                                        });
                    }
                })
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
                .sync()
                .channel();
    }

    private static void reply(ChannelHandlerContext ctx, Answer answer) {
        if (!ctx.channel().isActive()) {
            return;
        }
        FullHttpResponse response = new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(answer.status()),
                Unpooled.copiedBuffer(answer.body(), StandardCharsets.UTF_8));
        response.headers()
                .setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
        if (answer.connectionCloseHeader()) {
            response.headers().set(HttpHeaderNames.CONNECTION, "close");
        }
        var future = ctx.writeAndFlush(response);
        if (answer.closeAfter() || answer.connectionCloseHeader()) {
            future.addListener(ChannelFutureListener.CLOSE);
        }
    }

    /** Stops accepting connections; connections already open stay open. */
    void stopListening() {
        server.close().syncUninterruptibly();
    }

    int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    String url(String path) {
        return "http://127.0.0.1:" + port() + path;
    }

    List<Long> arrivals() {
        return List.copyOf(arrivalNanos);
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
