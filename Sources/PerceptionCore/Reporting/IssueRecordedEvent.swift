/// A report as a failing `issueRecorded` event record of Swift Testing's JSON schema 6.3
/// (swift-testing's `Documentation/ABI/JSON.md`).
struct IssueRecordedEvent {
  static let schemaVersion = "6.3"

  let report: RuntimeReport

  /// The monotonic one is the schema's `absolute`.
  let instant: (monotonic: Double, since1970: Double)

  /// The text is also the `_comments`, where Swift Testing's decoder finds an issue's comments
  /// (not yet in the schema). The schema requires a `filePath`; only `#fileID` is known here.
  var json: String {
    var issue = #""isKnown":false,"severity":"error","isFailure":true"#
    if let location = report.location {
      let file = Self.quoted("\(location.fileID)")
      issue +=
        #","sourceLocation":{"fileID":\#(file),"filePath":\#(file),"#
        + #""line":\#(location.line),"column":\#(location.column)}"#
    }
    let text = Self.quoted(report.message)
    return #"{"version":"\#(Self.schemaVersion)","kind":"event","payload":{"#
      + #""kind":"issueRecorded","#
      + #""instant":{"absolute":\#(instant.monotonic),"since1970":\#(instant.since1970)},"#
      + #""issue":{\#(issue)},"messages":[{"symbol":"fail","text":\#(text)}],"#
      + #""_comments":[\#(text)]}}"#
  }

  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"", "\\": result += "\\" + String(scalar)
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
