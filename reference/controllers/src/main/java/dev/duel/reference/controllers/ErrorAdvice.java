package dev.duel.reference.controllers;

import dev.duel.reference.logic.Problem;
import dev.duel.reference.logic.ProductRules;
import dev.duel.reference.logic.ValidationErrors;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.ValidationException;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/** Turns Spring's exceptions into the API's error bodies, identical to the minimal app's. */
@RestControllerAdvice
class ErrorAdvice {
    private static final MediaType PROBLEM = MediaType.parseMediaType(Problem.MEDIA_TYPE);

    @ExceptionHandler(MethodArgumentNotValidException.class)
    ResponseEntity<ValidationErrors> invalid(MethodArgumentNotValidException e) {
        Map<String, List<String>> errors = new TreeMap<>();
        e.getBindingResult()
                .getFieldErrors()
                .forEach(error -> ProductRules.add(errors, error.getField(), error.getDefaultMessage()));
        return ResponseEntity.badRequest()
                .contentType(MediaType.APPLICATION_JSON)
                .body(new ValidationErrors(errors));
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<ValidationErrors> unreadable(HttpMessageNotReadableException e) {
        return ResponseEntity.badRequest()
                .contentType(MediaType.APPLICATION_JSON)
                .body(ValidationErrors.malformedBody());
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<Problem> badId(MethodArgumentTypeMismatchException e) {
        return problem(Problem.badId(String.valueOf(e.getValue())));
    }

    @ExceptionHandler({SQLException.class, ValidationException.class})
    ResponseEntity<Problem> database(Exception e) {
        return problem(Problem.databaseFailed());
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<Problem> notJson(HttpMediaTypeNotSupportedException e) {
        return problem(Problem.notJson());
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<Problem> methodNotAllowed(HttpServletRequest request) {
        return problem(Problem.methodNotAllowed(request.getMethod(), request.getRequestURI()));
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<Problem> unexpected(Exception e) {
        LoggerFactory.getLogger(ErrorAdvice.class).error("request failed", e);
        return problem(Problem.internalError());
    }

    @ExceptionHandler(NoResourceFoundException.class)
    ResponseEntity<Problem> noRoute(HttpServletRequest request) {
        return problem(Problem.noRoute(request.getMethod(), request.getRequestURI()));
    }

    private static ResponseEntity<Problem> problem(Problem problem) {
        return ResponseEntity.status(problem.status()).contentType(PROBLEM).body(problem);
    }
}
