// The part of Apple's <objc/NSObject.h> that Swift code subclassing NSObject and conforming to an
// Objective-C protocol refining <NSObject> needs, declared as Apple declares it (objc4's
// runtime/NSObject.h, e.g. github.com/RetVal/objc-runtime runtime/NSObject.h: "@protocol
// NSObject", "OBJC_ROOT_CLASS @interface NSObject <NSObject>", `-init`), with the word types of
// <objc/objc.h> and <objc/NSObjCRuntime.h> for LP64. Only compiled against, never linked.
#ifndef PERCEPTION_STAND_IN_OBJC_NSOBJECT_H
#define PERCEPTION_STAND_IN_OBJC_NSOBJECT_H

// <objc/objc.h>: `bool` (C's `_Bool`) where OBJC_BOOL_IS_BOOL (arm64), `signed char` elsewhere.
#if defined(__arm64__) || defined(__aarch64__)
typedef _Bool BOOL;
#else
typedef signed char BOOL;
#endif
// <objc/NSObjCRuntime.h>, __LP64__.
typedef unsigned long NSUInteger;

// Non-null throughout, as Swift imports Apple's (NSObject's `init()` is no `init!()`:
// developer.apple.com/documentation/objectivec/nsobject-swift.class/init()).
#pragma clang assume_nonnull begin

@protocol NSObject
- (BOOL)isEqual:(id)object;
@property (readonly) NSUInteger hash;
- (instancetype)self;
- (BOOL)isProxy;
- (BOOL)isKindOfClass:(Class)aClass;
- (BOOL)respondsToSelector:(SEL)aSelector;
@end

__attribute__((objc_root_class))
@interface NSObject <NSObject>
- (instancetype)init;
@end

#pragma clang assume_nonnull end

#endif
