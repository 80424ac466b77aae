import Foundation

/// Fails the run when progress stops: if `progress` has not changed for `timeout` seconds, it
/// prints `describe()` and every thread's stack (through gdb, where it is installed), then
/// aborts. It runs on its own thread, so it sees a deadlock of all the others.
final class Watchdog: @unchecked Sendable {
  // Unchecked: `stopped` is atomic; the rest is immutable.
  private let stopped = AtomicWord()
  private let finished = DispatchSemaphore(value: 0)

  init(
    timeout: Double, progress: @escaping @Sendable () -> UInt64,
    describe: @escaping @Sendable () -> String
  ) {
    Thread.detachNewThread { [self] in
      var last = progress()
      var lastChange = Date()
      while stopped.value == 0 {
        usleep(100_000)
        let now = progress()
        if now != last {
          last = now
          lastChange = Date()
        } else if Date().timeIntervalSince(lastChange) >= timeout {
          Watchdog.fail(after: timeout, describe())
        }
      }
      finished.signal()
    }
  }

  func stop() {
    stopped.store(1)
    finished.wait()
  }

  private static func fail(after timeout: Double, _ description: String) -> Never {
    let message =
      "WATCHDOG: no progress for \(Int(timeout)) s: a deadlock or a livelock.\n\(description)\n"
    FileHandle.standardError.write(Data(message.utf8))
    printEveryStack()
    FileHandle.standardError.write(Data("WATCHDOG: aborting.\n".utf8))
    abort()
  }

  /// Asks gdb for every thread's backtrace of this process.
  private static func printEveryStack() {
    guard
      let gdb = ["/usr/bin/gdb", "/usr/local/bin/gdb"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else {
      FileHandle.standardError.write(Data("WATCHDOG: gdb not found; no stacks.\n".utf8))
      return
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: gdb)
    process.arguments = [
      "-p", "\(getpid())", "-batch", "-nx", "-iex", "set complaints 0", "-iex",
      "set debuginfod enabled off", "-ex", "set pagination off", "-ex", "thread apply all bt",
    ]
    process.standardOutput = FileHandle.standardError
    do {
      try process.run()
      process.waitUntilExit()
    } catch {
      FileHandle.standardError.write(Data("WATCHDOG: could not run gdb: \(error)\n".utf8))
    }
  }
}
