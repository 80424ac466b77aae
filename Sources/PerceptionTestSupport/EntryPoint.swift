/// The entry point `PerceptionCore` finds at run time (by this C name, declared in the C
/// runtime's `perception_test_interop.h`): the recorder, unretained, that turns its reports
/// into failures of the running test. Not for calling from Swift.
@_cdecl("perception_test_support_recorder")
public func _perceptionTestSupportRecorder() -> UnsafeRawPointer {
  UnsafeRawPointer(Unmanaged.passUnretained(TestIssueRecorder.shared).toOpaque())
}
