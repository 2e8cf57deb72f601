"""Operations: the HTTP server and probes, Prometheus metrics, structured logs."""
