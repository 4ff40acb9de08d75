; The warp's offers at a shuffle (FuseShuffleChainsPass's __drawbridge_site_warp_offers) are
; the exchange.out slots from the thread's warp's first lane on, in the region the site starts.
; RUN: %opt -passes=drawbridge-form-thread-regions -S %s | FileCheck %s

; CHECK-LABEL: define internal void @offers.region1(
; CHECK: lane0:
; CHECK: [[BASE:%.*]] = and i32 %t, -32
; CHECK-NEXT: [[WIDE:%.*]] = zext i32 [[BASE]] to i64
; CHECK-NEXT: %warp.offers = getelementptr inbounds i64, ptr %exchange.out, i64 [[WIDE]]
; CHECK-NEXT: %slots = load <32 x i64>, ptr %warp.offers
; CHECK-NOT: __drawbridge_site_warp_offers(
define void @offers(ptr %out) #0 {
entry:
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %v = zext i32 %lane to i64
  call void @__drawbridge_site_store(i64 %v, i32 -1)
  br label %down
down:
  %a = call i64 @__drawbridge_site(i32 4), !drawbridge.shuffle_distance !1
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %lane0, label %done
lane0:
  %offers = call ptr @__drawbridge_site_warp_offers(i64 %a)
  %slots = load <32 x i64>, ptr %offers, align 8
  %last = extractelement <32 x i64> %slots, i32 31
  store i64 %last, ptr %out
  br label %done
done:
  ret void
}

declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
declare ptr @__drawbridge_site_warp_offers(i64) nounwind memory(none)
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
attributes #0 = { "drawbridge-kernel" }
!1 = !{i32 16, i32 32}
