/// Stops the process with `message` when `condition` is false: how Perception answers misuse
/// of its API, and a broken invariant of its own. Unlike `precondition`'s, the message is kept
/// in optimized builds: misuse in an app's release build must still say what to do.
@inline(__always)
func perceptionPrecondition(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  if _slowPath(!condition()) {
    perceptionFatalError(message(), file: file, line: line)
  }
}

/// Stops the process with `message`, in every build configuration (see
/// `perceptionPrecondition`).
@usableFromInline @inline(never)
func perceptionFatalError(
  _ message: String, file: StaticString = #fileID, line: UInt = #line
) -> Never {
  fatalError(message, file: file, line: line)
}
