fn main() {
    // before GTK, WebKit or the engine start threads: ONNX Runtime's telemetry stays off
    deid::model::disable_runtime_telemetry();
    deid_studio::run()
}
