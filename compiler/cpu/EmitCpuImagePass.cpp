// EmitCpuImagePass: the device module's table of contents for the runtime.
//
// The host side of a CUDA translation unit registers kernels and device variables by their
// device-side names, under a fat binary whose id the driver also gives this pass. The pass
// gathers the KernelDesc globals FormThreadRegionsPass left and the variables
// CollapseAddressSpacesPass marked into a CpuImage with that id, and adds a constructor that
// hands the image to the runtime. The device module is a whole program by now (one file, or a
// whole device link), so everything else becomes internal: device symbols can never collide
// with host ones of the same name. A function still only declared must come from the C
// library, the math library or the runtime; anything else is reported like nvlink's
// "undefined reference".
#include "EmitCpuImagePass.h"

#include "CpuAbi.h"
#include "KernelInfo.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;
using namespace drawbridge::cpu_abi;

#define DEBUG_TYPE "drawbridge-emit-cpu-image"

namespace drawbridge::cpu {
namespace {

Constant *stringConstant(Module &M, StringRef S, const Twine &Name) {
  Constant *Str = ConstantDataArray::getString(M.getContext(), S);
  auto *G = new GlobalVariable(M, Str->getType(), true, GlobalValue::PrivateLinkage, Str, Name);
  G->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  return G;
}

Constant *kernelTable(Module &M, Type *PtrTy) {
  SmallVector<GlobalVariable *> Descs;
  for (GlobalVariable &G : M.globals())
    if (hasMarker(G, kKernelDescMD))
      Descs.push_back(&G);
  if (Descs.empty())
    return ConstantPointerNull::get(cast<PointerType>(PtrTy));
  auto *ArrTy = ArrayType::get(Descs.front()->getValueType(), Descs.size());
  SmallVector<Constant *> Elts;
  for (GlobalVariable *G : Descs)
    Elts.push_back(G->getInitializer());
  auto *Table = new GlobalVariable(M, ArrTy, true, GlobalValue::InternalLinkage,
                                   ConstantArray::get(ArrTy, Elts), "__drawbridge_kernels");
  for (GlobalVariable *G : Descs)
    G->eraseFromParent();
  return Table;
}

Constant *variableTable(Module &M, Type *PtrTy, unsigned &Count) {
  LLVMContext &C = M.getContext();
  const DataLayout &DL = M.getDataLayout();
  Type *I32 = Type::getInt32Ty(C);
  auto *VarTy = StructType::get(C, {PtrTy, PtrTy, Type::getInt64Ty(C), PtrTy, I32, I32});
  assert(DL.getStructLayout(VarTy)->getSizeInBytes() == sizeof(VarDesc) &&
         "VarDesc layout drifted");
  SmallVector<Constant *> Elts;
  for (GlobalVariable &G : M.globals()) {
    if (!hasMarker(G, kDeviceVarMD))
      continue;
    if (G.isDeclaration()) {
      diagnoseDeviceCode(M, "undefined device variable '" + demangle(G.getName().str()) +
                                "': it is declared extern but no file defines it; compile "
                                "with -rdc=true and link the file that defines it");
      continue;
    }
    Constant *Redirect = ConstantPointerNull::get(cast<PointerType>(PtrTy));
    if (MDNode *Managed = G.getMetadata(kManagedMD))
      Redirect = cast<Constant>(cast<ValueAsMetadata>(Managed->getOperand(0))->getValue());
    uint32_t Flags = hasMarker(G, kConstantVarMD) ? VarConstant : 0;
    Elts.push_back(ConstantStruct::get(
        VarTy, {stringConstant(M, G.getName(), G.getName() + ".varname"), &G,
                ConstantInt::get(Type::getInt64Ty(C), DL.getTypeAllocSize(G.getValueType())),
                Redirect, ConstantInt::get(I32, Flags), ConstantInt::get(I32, 0)}));
  }
  Count = Elts.size();
  if (Elts.empty())
    return ConstantPointerNull::get(cast<PointerType>(PtrTy));
  auto *ArrTy = ArrayType::get(VarTy, Elts.size());
  return new GlobalVariable(M, ArrTy, true, GlobalValue::InternalLinkage,
                            ConstantArray::get(ArrTy, Elts), "__drawbridge_variables");
}

// void __cudaRegisterLinkedBinary<id>(void (*registerGlobals)(void **), void *fatbinWrapper,
//                                    const char *moduleId, void (*)(void **))
// as clang's -fgpu-rdc host code calls it, forwarded to the runtime with this image's id.
void emitLinkedBinaryRegistrations(Module &M, Constant *ImageIdString,
                                   ArrayRef<std::string> ModuleIds) {
  LLVMContext &C = M.getContext();
  Type *PtrTy = PointerType::get(C, 0);
  FunctionCallee Forward = M.getOrInsertFunction(
      "__drawbridge_register_linked_binary",
      FunctionType::get(Type::getVoidTy(C), {PtrTy, PtrTy, PtrTy, PtrTy}, false));
  auto *Ty = FunctionType::get(Type::getVoidTy(C), {PtrTy, PtrTy, PtrTy, PtrTy}, false);
  for (const std::string &Id : ModuleIds) {
    Function *F =
        Function::Create(Ty, GlobalValue::ExternalLinkage, "__cudaRegisterLinkedBinary" + Id, M);
    IRBuilder<> B(BasicBlock::Create(C, "entry", F));
    B.CreateCall(Forward, {F->getArg(0), F->getArg(1), ImageIdString, F->getArg(2)});
    B.CreateRetVoid();
  }
}

// Marks the object as a device link's output, so nvcc does not device-link again.
void markDeviceLinked(Module &M) {
  LLVMContext &C = M.getContext();
  Constant *Marker = ConstantDataArray::getString(C, "drawbridge device link");
  auto *G = new GlobalVariable(M, Marker->getType(), true, GlobalValue::InternalLinkage, Marker,
                               "__drawbridge_device_linked");
  G->setSection(".drawbridge.dlinked");
  appendToUsed(M, {G});
}

// The C math library, which the CPU image links against (-lm): device math functions that
// have no LLVM intrinsic become calls to it. LLVM's TargetLibraryInfo does not list them all.
bool isMathLibraryFunction(StringRef Name) {
  static const StringSet<> Names = [] {
    static const char *const Base[] = {
        "acos",   "acosh", "asin",      "asinh",      "atan",       "atan2",  "atanh",
        "cbrt",   "ceil",  "copysign",  "cos",        "cosh",       "erf",    "erfc",
        "exp",    "exp10", "exp2",      "expm1",      "fabs",       "fdim",   "floor",
        "fma",    "fmax",  "fmin",      "fmod",       "frexp",      "hypot",  "ilogb",
        "j0",     "j1",    "jn",        "ldexp",      "lgamma",     "llrint", "llround",
        "log",    "log10", "log1p",     "log2",       "logb",       "lrint",  "lround",
        "modf",   "nan",   "nearbyint", "nextafter",  "nexttoward", "pow",    "remainder",
        "remquo", "rint",  "round",     "scalbln",    "scalbn",     "sin",    "sincos",
        "sinh",   "sqrt",  "tan",       "tanh",       "tgamma",     "trunc",  "y0",
        "y1",     "yn",    "roundeven", "significand"};
    StringSet<> Set;
    for (const char *B : Base) {
      Set.insert(B);
      Set.insert((Twine(B) + "f").str());
    }
    return Set;
  }();
  return Names.contains(Name);
}

// What the CPU image may leave undefined: the runtime's entry points, C and C++ runtime
// support, and the C library.
bool isProvidedOutside(const Function &F, const TargetLibraryInfo &TLI) {
  StringRef Name = F.getName();
  if (F.isIntrinsic() || Name.starts_with("__drawbridge_") || isMathLibraryFunction(Name) ||
      Name == "__cxa_pure_virtual" || Name == "__cxa_deleted_virtual")
    return true;
  LibFunc Func;
  return TLI.getLibFunc(F, Func);
}

} // namespace

PreservedAnalyses EmitCpuImagePass::run(Module &M, ModuleAnalysisManager &) {
  LLVMContext &C = M.getContext();
  Type *PtrTy = PointerType::get(C, 0);
  Type *I32 = Type::getInt32Ty(C);

  TargetLibraryInfoImpl TLII{Triple(M.getTargetTriple())};
  TargetLibraryInfo TLI(TLII);
  for (Function &F : M) {
    if (!F.isDeclaration() || F.use_empty() || isProvidedOutside(F, TLI))
      continue;
    // In a whole-program compile the definition may be in another file (-rdc=true); in a
    // device link no linked file has it. Either way it may be a CUDA library function that
    // Drawbridge lacks, which the user cannot fix by linking.
    std::string Message = "undefined device function '" + demangle(F.getName().str()) +
                          "': it is declared but no file defines it; " +
                          (DeviceLink ? "link the file that defines it"
                                      : "compile with -rdc=true and link the file that "
                                        "defines it") +
                          " (if it is a CUDA device library function, Drawbridge does not "
                          "provide it yet)";
    auto *User = dyn_cast<Instruction>(*F.user_begin());
    if (User)
      diagnoseDeviceCode(*User, Message);
    else
      diagnoseDeviceCode(M, Message);
  }

  // A variable only declared would bind to a host symbol of the same name at link time;
  // like nvlink, refuse it. (Weak declarations are the built-in variables' placeholders.)
  for (GlobalVariable &G : M.globals())
    if (G.isDeclaration() && !G.hasExternalWeakLinkage() && !G.getName().starts_with("llvm.") &&
        !G.getName().starts_with("__drawbridge_") && !hasMarker(G, kDeviceVarMD) &&
        !hasMarker(G, kSharedMD))
      diagnoseDeviceCode(M, "undefined device variable '" + demangle(G.getName().str()) +
                                "': it is declared extern but no file defines it; compile "
                                "with -rdc=true and link the file that defines it");

  // Internal linkage first: the tables below then only point at internal symbols.
  for (GlobalObject &G : M.global_objects()) {
    if (G.isDeclaration() || G.hasLocalLinkage() || G.getName().starts_with("llvm."))
      continue;
    G.setComdat(nullptr);
    G.setLinkage(GlobalValue::InternalLinkage);
  }

  unsigned NumVars = 0;
  Constant *Kernels = kernelTable(M, PtrTy);
  unsigned NumKernels =
      isa<GlobalVariable>(Kernels)
          ? cast<ArrayType>(cast<GlobalVariable>(Kernels)->getValueType())->getNumElements()
          : 0;
  Constant *Vars = variableTable(M, PtrTy, NumVars);

  Constant *ImageIdString = stringConstant(M, ImageId, "__drawbridge_image_id");
  auto *ImageTy = StructType::get(C, {I32, I32, I32, I32, PtrTy, PtrTy, PtrTy});
  assert(M.getDataLayout().getStructLayout(ImageTy)->getSizeInBytes() == sizeof(CpuImage) &&
         "CpuImage layout drifted");
  Constant *Fields[] = {ConstantInt::get(I32, kImageVersion),
                        ConstantInt::get(I32, NumKernels),
                        ConstantInt::get(I32, NumVars),
                        ConstantInt::get(I32, PtxVersion),
                        ImageIdString,
                        Kernels,
                        Vars};
  auto *Image = new GlobalVariable(M, ImageTy, true, GlobalValue::InternalLinkage,
                                   ConstantStruct::get(ImageTy, Fields), "__drawbridge_image");

  auto *Ctor = Function::Create(FunctionType::get(Type::getVoidTy(C), false),
                                GlobalValue::InternalLinkage, "__drawbridge_register_image", M);
  IRBuilder<> B(BasicBlock::Create(C, "entry", Ctor));
  FunctionCallee Register = M.getOrInsertFunction("__drawbridge_register_cpu_image",
                                                  FunctionType::get(B.getVoidTy(), {PtrTy}, false));
  B.CreateCall(Register, {Image});
  B.CreateRetVoid();
  appendToGlobalCtors(M, Ctor, 65535);
  if (DeviceLink) {
    emitLinkedBinaryRegistrations(M, ImageIdString, LinkedModuleIds);
    markDeviceLinked(M);
  }
  return PreservedAnalyses::none();
}

} // namespace drawbridge::cpu
