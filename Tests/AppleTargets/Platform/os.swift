// A stand-in for Apple's `os` module, for .ci/apple-targets.sh: what PerceptionCore's runtime
// issues use (Interop/RuntimeIssue.swift), with the shapes and availability Apple's SDK
// declares, so that the package's `canImport(os)` branch is compiled for each Apple target.
// Bodies do nothing: it is only compiled against.

/// `os_log_type_t`, as Swift imports it.
public struct OSLogType: Equatable, RawRepresentable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  public static let fault = OSLogType(rawValue: 0x11)
}

/// A log handle for a subsystem and category.
@available(macOS 10.12, iOS 10.0, watchOS 3.0, tvOS 10.0, *)
public final class OSLog {
  public init(subsystem: String, category: String) {}
  private init() {}
  nonisolated(unsafe) public static let `default` = OSLog()
}

/// Logs a message of `type` to `log`, for the image `dso`.
@available(macOS 10.12, iOS 10.0, watchOS 3.0, tvOS 10.0, *)
public func os_log(
  _ type: OSLogType, dso: UnsafeRawPointer = #dsohandle, log: OSLog = .default,
  _ message: StaticString, _ args: any CVarArg...
) {}
