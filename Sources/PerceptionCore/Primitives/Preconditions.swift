/// A `precondition` whose message optimized builds keep: misuse in release must say what to do.
@inline(__always)
func perceptionPrecondition(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  if _slowPath(!condition()) {
    perceptionFatalError(message(), file: file, line: line)
  }
}

/// `fatalError`, out of line.
@usableFromInline @inline(never)
func perceptionFatalError(
  _ message: String, file: StaticString = #fileID, line: UInt = #line
) -> Never {
  fatalError(message, file: file, line: line)
}
