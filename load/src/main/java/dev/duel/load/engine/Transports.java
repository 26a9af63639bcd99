package dev.duel.load.engine;

import dev.duel.load.InvalidSettingException;
import dev.duel.load.LoadPlan;
import dev.duel.load.Setting;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;

/** Picks the socket transport: native epoll when asked for or available, Java NIO otherwise. */
public record Transports(String name, IoHandlerFactory ioHandlerFactory, Class<? extends SocketChannel> channelClass) {

    /** @throws InvalidSettingException {@link Setting#TRANSPORT}: epoll was asked for where it is not available */
    public static Transports choose(LoadPlan.Transport wanted) {
        boolean epoll = switch (wanted) {
            case EPOLL -> {
                if (!Epoll.isAvailable()) {
                    throw new InvalidSettingException(
                            Setting.TRANSPORT,
                            "epoll is not available here ("
                                    + Epoll.unavailabilityCause().getMessage() + "); use auto or nio");
                }
                yield true;
            }
            case NIO -> false;
            case AUTO -> Epoll.isAvailable();
        };
        return epoll
                ? new Transports("epoll", EpollIoHandler.newFactory(), EpollSocketChannel.class)
                : new Transports("nio", NioIoHandler.newFactory(), NioSocketChannel.class);
    }

    public EventLoopGroup newGroup(int threads) {
        return new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory("duel-loop", true), ioHandlerFactory);
    }
}
