; The image lists the kernel descriptors and the device variables (flagging __constant__
; ones), a constructor registers it, and every other definition becomes internal (no clash
; with host symbols).
; RUN: %opt -passes=drawbridge-emit-cpu-image -S %s | FileCheck %s

@counter = externally_initialized global i32 0, !drawbridge.device_var !0
@table = externally_initialized global [2 x float] zeroinitializer, !drawbridge.device_var !0, !drawbridge.constant !0
@k.name = private constant [2 x i8] c"k\00"
@k.desc = internal constant { ptr, i32, i32, ptr, ptr, ptr, i32, i32, i32, i32, i32, i32, ptr } { ptr @k.name, i32 0, i32 0, ptr null, ptr null, ptr null, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, ptr null }, !drawbridge.kernel_desc !0

; CHECK: @counter = internal externally_initialized global i32 0
; CHECK: @__drawbridge_kernels = internal constant [1 x {{.*}}] [{{.*}} { ptr @k.name,
; CHECK: @__drawbridge_variables = internal constant [2 x { ptr, ptr, i64, ptr, i32, i32 }]
; CHECK-SAME: { ptr @counter.varname, ptr @counter, i64 4, ptr null, i32 0, i32 0 }
; CHECK-SAME: { ptr @table.varname, ptr @table, i64 8, ptr null, i32 1, i32 0 }
; CHECK: @__drawbridge_image_id = private unnamed_addr constant [5 x i8] c"test\00"
; CHECK: @__drawbridge_image = internal constant { i32, i32, i32, i32, ptr, ptr, ptr } { i32 7, i32 1, i32 2, i32 0, ptr @__drawbridge_image_id, ptr @__drawbridge_kernels, ptr @__drawbridge_variables }
; CHECK: @llvm.global_ctors = appending global {{.*}} @__drawbridge_register_image

; CHECK: define internal i32 @helper()
define i32 @helper() {
  ret i32 1
}

; CHECK: define internal void @__drawbridge_register_image()
; CHECK-NEXT: entry:
; CHECK-NEXT: call void @__drawbridge_register_cpu_image(ptr @__drawbridge_image)
!0 = !{}
