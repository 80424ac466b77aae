import CPerceptionRuntime

/// What differs between platforms, for the Swift layer: the C runtime's platform functions
/// (`perception_platform.h`) and the few compile-time branches Swift makes itself.
enum Platform {
  /// Whether SwiftUI's own render engine (AttributeGraph) evaluates view bodies here: SwiftUI
  /// on an Apple platform, not the stand-in the tests build on Linux.
  static var hasSwiftUIRenderEngine: Bool {
    #if canImport(SwiftUI) && canImport(Darwin)
      return true
    #else
      return false
    #endif
  }

  /// The value of the environment variable `name`, or nil when it is unset.
  static func environmentValue(_ name: String) -> String? {
    perception_environment_value(name).map { String(cString: $0) }
  }

  /// Writes `text` to the standard error stream in one write, so that lines written by two
  /// threads at once do not interleave.
  static func writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        perception_write_error($0.baseAddress, $0.count)
      }
    }
  }
}
