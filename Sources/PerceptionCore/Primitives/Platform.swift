import CPerceptionRuntime

/// What differs between platforms (`perception_platform.h`, and Swift's compile-time branches).
enum Platform {
  /// Whether SwiftUI's AttributeGraph evaluates view bodies (not the tests' Linux stand-in).
  static var hasSwiftUIRenderEngine: Bool {
    #if canImport(SwiftUI) && canImport(Darwin)
      return true
    #else
      return false
    #endif
  }

  static func environmentValue(_ name: String) -> String? {
    perception_environment_value(name).map { String(cString: $0) }
  }

  /// One write, so that lines from two threads do not interleave.
  static func writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        perception_write_error($0.baseAddress, $0.count)
      }
    }
  }
}
