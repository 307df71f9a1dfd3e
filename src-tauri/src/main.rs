fn main() -> std::process::ExitCode {
    // before GTK, WebKit or the engine start threads: ONNX Runtime's telemetry stays off
    deid::model::disable_runtime_telemetry();
    deid::model::keep_runtime_memory();
    // an installed app runs the ONNX Runtime it was packaged with
    deid_studio::config::use_bundled_runtime();
    // a native file dialog, shown by a child process of the app (see files.rs)
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(code) = deid_studio::files::run_chooser(&args) {
        return code;
    }
    deid_studio::run();
    std::process::ExitCode::SUCCESS
}
