package dev.duel.reference.controllers;

import dev.duel.reference.logic.Json;
import dev.duel.reference.logic.Problem;
import dev.duel.reference.logic.ReferenceApp;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.ContentNegotiationConfigurer;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Web settings: without a database, every {@code /products} request is answered 503 before binding
 * or validation; and answers are JSON whatever the Accept header says, as in the minimal app.
 */
@Configuration
class WebSettings implements HandlerInterceptor, WebMvcConfigurer {
    private final ReferenceApp app;

    WebSettings(ReferenceApp app) {
        this.app = app;
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(this).addPathPatterns("/products", "/products/**");
    }

    @Override
    public void configureContentNegotiation(ContentNegotiationConfigurer configurer) {
        configurer.ignoreAcceptHeader(true).defaultContentType(MediaType.APPLICATION_JSON);
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler)
            throws IOException {
        if (app.products().isPresent()) {
            return true;
        }
        Problem problem = Problem.noDatabase();
        response.setStatus(problem.status());
        response.setContentType(Problem.MEDIA_TYPE);
        response.getOutputStream().write(Json.MAPPER.writeValueAsBytes(problem));
        return false;
    }
}
