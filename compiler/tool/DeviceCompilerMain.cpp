// drawbridge-device: the device back end that nvcc runs on each device module.
//
// Input is the LLVM IR clang made for a CUDA translation unit's device side (or a whole
// device link's); output is an object file for the host CPU holding the lowered kernels and
// the image that registers them (compiler/cpu), or, with --target=ptx (nvcc --ptx), PTX for
// an NVIDIA GPU from LLVM's NVPTX back end. Errors in the user's device code are printed as
// clang does, with file and line when the module has line tables.
#include "BindExternalizedStaticsPass.h"
#include "CpuLoweringPipeline.h"
#include "KernelDescriptor.h"
#include "KernelInfo.h"
#include "SplitByKernel.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"

#include <algorithm>
#include <atomic>
#include <optional>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace llvm;

namespace {

cl::list<std::string> InputPaths(cl::Positional, cl::desc("<device IR>..."));
cl::opt<std::string> OutputPath("o", cl::desc("Output file"), cl::value_desc("path"), cl::Required);
cl::opt<std::string> DeviceTarget("target", cl::desc("Device target (cpu or ptx)"),
                                  cl::init("cpu"));
cl::opt<std::string> Gpu("gpu", cl::desc("GPU to write PTX for (--target=ptx)"),
                         cl::value_desc("sm_NN"), cl::init("sm_52"));
cl::opt<std::string> ImageId("image-id", cl::desc("Id shared with the host-side fat binary"));
cl::opt<bool> EmptyObject("empty-object",
                          cl::desc("Write a device-link object with no device code"));
cl::list<std::string> LinkedModules("linked-module",
                                    cl::desc("Module id of a -rdc translation unit to register"));
cl::list<std::string> Architectures("arch",
                                    cl::desc("Virtual architecture compiled for (compute_NN); "
                                             "one image serves all, the newest is recorded"),
                                    cl::value_desc("compute_NN"));
cl::opt<unsigned> OptLevel("O", cl::desc("Optimisation level 0-3"), cl::Prefix, cl::init(3));
cl::opt<std::string> Cpu("cpu", cl::desc("Host CPU to generate code for (native: this one)"),
                         cl::init("native"));
cl::opt<bool> KeepDebugInfo("g", cl::desc("Keep debug information"));
cl::opt<bool> EmitLLVM("emit-llvm", cl::desc("Write LLVM IR text instead of an object"));
cl::opt<bool> Verbose("verbose", cl::desc("Say which kernels took the fiber fallback"));
cl::opt<bool> ResourceUsage("resource-usage",
                            cl::desc("Report each kernel's memory and regions (nvcc -res-usage)"));
cl::opt<std::string> PrintAfter("print-after-stage",
                                cl::desc("Print the module after the named lowering stage"));
cl::opt<std::string> LinkerPath("ld-path",
                                cl::desc("ld.lld, to join the objects of a module split by kernel "
                                         "(without it the module is compiled whole)"));
cl::opt<unsigned>
    PartThreads("part-threads",
                cl::desc("Threads that compile a split module's parts (0: one per core)"),
                cl::init(0));

// Prints diagnostics the way clang does: "file:line:col: error: message".
class ClangStyleDiagnostics {
public:
  explicit ClangStyleDiagnostics(raw_ostream &Out = errs()) : Out(Out) {}
  static void handle(const DiagnosticInfo *Info, void *Context) {
    const DiagnosticInfo &DI = *Info;
    auto *Self = static_cast<ClangStyleDiagnostics *>(Context);
    raw_ostream &Out = Self->Out;
    if (DI.getSeverity() == DS_Error)
      Self->HadError = true;
    if (DI.getSeverity() == DS_Note)
      return;
    // Remarks arrive only when asked for (-pass-remarks=loop-vectorize and the like).
    const char *Severity = DI.getSeverity() == DS_Error    ? "error"
                           : DI.getSeverity() == DS_Remark ? "remark"
                                                           : "warning";
    // "loop not unrolled": a `#pragma unroll` the optimiser could not honour, most often in a
    // loop the CPU lowering reshaped (CUB's are). nvcc says nothing about its own; neither do we.
    if (DI.getKind() == DK_OptimizationFailure)
      return;
    if (const auto *Remark = dyn_cast<DiagnosticInfoOptimizationBase>(&DI)) {
      // The vectoriser explains, unasked, why it left a loop whose width was asked for; the
      // CPU lowering asks for some itself (lockstepped loops), and such a loop that stays
      // scalar is no concern of the user's.
      if (!Remark->isEnabled() ||
          (DI.getSeverity() == DS_Remark &&
           StringRef(Remark->getPassName()) == StringRef(OptimizationRemarkAnalysis::AlwaysPrint)))
        return;
      Out << Severity << ": " << Remark->getFunction().getName() << ": " << Remark->getMsg()
          << "\n";
      return;
    }
    if (const auto *Unsupported = dyn_cast<DiagnosticInfoUnsupported>(&DI)) {
      const DiagnosticLocation &Loc = Unsupported->getLocation();
      if (Loc.isValid())
        Out << Loc.getRelativePath() << ":" << Loc.getLine() << ":" << Loc.getColumn() << ": ";
      Out << Severity << ": " << Unsupported->getMessage() << "\n";
      return;
    }
    Out << Severity << ": ";
    DiagnosticPrinterRawOStream Printer(Out);
    DI.print(Printer);
    Out << "\n";
  }
  bool HadError = false;

private:
  raw_ostream &Out;
};

OptimizationLevel optimizationLevel() {
  switch (OptLevel) {
  case 0:
    return OptimizationLevel::O0;
  case 1:
    return OptimizationLevel::O1;
  case 2:
    return OptimizationLevel::O2;
  default:
    return OptimizationLevel::O3;
  }
}

// A PassBuilder with LLVM's standard instrumentation, so that -time-passes, -print-after=
// (the lowering passes by their opt names too), -print-changed and -filter-print-funcs= reach
// every pipeline this tool runs as they do opt's, and the analysis managers its pipelines run
// with, registered with each other.
struct Pipelines {
  PassInstrumentationCallbacks Callbacks;
  StandardInstrumentations Instrumentations;
  PassBuilder PB;
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;

  Pipelines(LLVMContext &Context, TargetMachine *TM)
      : Instrumentations(Context, /*DebugLogging=*/false),
        PB(TM, PipelineTuningOptions(), std::nullopt, &Callbacks) {
    Instrumentations.registerCallbacks(Callbacks, &MAM);
    drawbridge::cpu::registerCpuLoweringPassNames(Callbacks);
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  }
};

std::unique_ptr<TargetMachine> createHostTargetMachine() {
  std::string TripleName = sys::getProcessTriple();
  std::string Error;
  const llvm::Target *T = TargetRegistry::lookupTarget(TripleName, Error);
  if (!T) {
    errs() << "drawbridge-device: " << Error << "\n";
    return nullptr;
  }
  std::string CpuName = Cpu == "native" ? sys::getHostCPUName().str() : Cpu.getValue();
  std::string Features;
  if (Cpu == "native") {
    SubtargetFeatures F;
    for (const auto &[Name, Enabled] : sys::getHostCPUFeatures())
      F.AddFeature(Name, Enabled);
    Features = F.getString();
  }
  TargetOptions Options;
  return std::unique_ptr<TargetMachine>(
      T->createTargetMachine(TripleName, CpuName, Features, Options, Reloc::PIC_, std::nullopt,
                             OptLevel == 0 ? CodeGenOptLevel::None : CodeGenOptLevel::Aggressive));
}

// Writes -o: LLVM IR text with -emit-llvm, else TM's code as an object file or, for PTX,
// assembly.
bool writeOutput(Module &M, TargetMachine &TM, CodeGenFileType Type = CodeGenFileType::ObjectFile,
                 const std::string &Path = OutputPath) {
  const bool Text = EmitLLVM || Type == CodeGenFileType::AssemblyFile;
  std::error_code EC;
  ToolOutputFile Out(Path, EC, Text ? sys::fs::OF_Text : sys::fs::OF_None);
  if (EC) {
    errs() << "drawbridge-device: cannot write " << Path << ": " << EC.message() << "\n";
    return false;
  }
  if (EmitLLVM) {
    M.print(Out.os(), nullptr);
  } else {
    legacy::PassManager CodeGen;
    if (TM.addPassesToEmitFile(CodeGen, Out.os(), nullptr, Type)) {
      errs() << "drawbridge-device: the target cannot write this kind of output\n";
      return false;
    }
    CodeGen.run(M);
  }
  Out.keep();
  return true;
}

// The newest -arch compute_NN as the number NN (0 when none is given); nothing if one is
// malformed.
std::optional<uint32_t> ptxVersion() {
  uint32_t Newest = 0;
  for (const std::string &Architecture : Architectures) {
    StringRef Name = Architecture;
    uint32_t Number = 0;
    if (!Name.consume_front("compute_") || Name.consumeInteger(10, Number) ||
        !(Name.empty() || Name == "a" || Name == "f"))
      return std::nullopt;
    Newest = std::max(Newest, Number);
  }
  return Newest;
}

// Reads and links the inputs into one module: one file for a compile, all of a device link's.
std::unique_ptr<Module> loadInputs(LLVMContext &Context) {
  std::unique_ptr<Module> Result;
  for (const std::string &Path : InputPaths) {
    SMDiagnostic Error;
    std::unique_ptr<Module> M = parseIRFile(Path, Error, Context);
    if (!M) {
      Error.print("drawbridge-device", errs());
      return nullptr;
    }
    ModuleAnalysisManager Unused;
    drawbridge::cpu::BindExternalizedStaticsPass().run(*M, Unused);
    if (!Result) {
      Result = std::move(M);
      continue;
    }
    if (Linker::linkModules(*Result, std::move(M)))
      return nullptr; // the linker reported the clash (e.g. a device symbol defined twice)
  }
  if (!Result)
    Result = std::make_unique<Module>("empty", Context);
  return Result;
}

// nvcc -v names the kernels that run one fiber per thread, and why.
void reportFiberKernels(Module &M) {
  NamedMDNode *Kernels = M.getNamedMetadata("drawbridge.fiber_kernels");
  if (!Kernels)
    return;
  for (MDNode *Node : Kernels->operands())
    errs() << "drawbridge-device: kernel '"
           << demangle(cast<MDString>(Node->getOperand(0))->getString().str())
           << "' runs one fiber per thread: it reaches the recursive function '"
           << demangle(cast<MDString>(Node->getOperand(1))->getString().str())
           << "', which synchronises threads or reads thread state\n";
}

// nvcc -res-usage: what each kernel needs on the CPU, in place of registers and GPU memory.
void reportResourceUsage(const Module &M) {
  for (const drawbridge::cpu::KernelResources &K : drawbridge::cpu::readKernelResources(M)) {
    errs() << "drawbridge info : kernel '" << demangle(K.Name) << "': ";
    if (K.UsesFibers)
      errs() << "one fiber per thread";
    else
      errs() << K.Regions << (K.Regions == 1 ? " region" : " regions");
    errs() << ", " << K.StaticSharedBytes << " bytes shared memory, " << K.FrameBytesPerThread
           << " bytes context and " << K.LocalBytesPerThread << " bytes locals per thread\n";
  }
}

// Math the NVPTX back end has no instruction or library call for: CUDA's libdevice provides
// these, and Drawbridge has no device math library for NVIDIA GPUs yet.
bool lacksPtxForm(Intrinsic::ID ID) {
  switch (ID) {
  case Intrinsic::sin:
  case Intrinsic::cos:
  case Intrinsic::tan:
  case Intrinsic::exp:
  case Intrinsic::exp2:
  case Intrinsic::exp10:
  case Intrinsic::log:
  case Intrinsic::log2:
  case Intrinsic::log10:
  case Intrinsic::pow:
  case Intrinsic::powi:
  case Intrinsic::ldexp:
  case Intrinsic::frexp:
    return true;
  default:
    return false;
  }
}

// Reports each call whose math has no PTX form, at its source line. False if there was one.
bool checkPtxMath(Module &M) {
  bool OK = true;
  for (Function &F : M)
    for (Instruction &I : instructions(F)) {
      auto *Call = dyn_cast<CallBase>(&I);
      Function *Callee = Call ? Call->getCalledFunction() : nullptr;
      if (!Callee || !lacksPtxForm(Callee->getIntrinsicID()))
        continue;
      StringRef Name = Callee->getName();
      Name.consume_front("llvm.");
      // Where the user's code called it, outside the headers' functions inlined into it.
      DebugLoc Where = I.getDebugLoc();
      while (Where && Where.getInlinedAt())
        Where = DebugLoc(Where.getInlinedAt());
      M.getContext().diagnose(DiagnosticInfoUnsupported(
          F,
          "'" + Name.take_until([](char c) { return c == '.'; }) +
              "' in device code has no PTX form yet: Drawbridge's --ptx has no device math "
              "library for NVIDIA GPUs yet (CUDA's is libdevice); without --ptx, Drawbridge builds "
              "it for the CPU",
          Where, DS_Error));
      OK = false;
    }
  return OK;
}

// Device code calls the Drawbridge runtime's assert handler; on an NVIDIA GPU it is CUDA's
// __assertfail, which the driver provides (it prints the message and stops the kernel).
void bindAssertToCuda(Module &M) {
  Function *Fail = M.getFunction("__drawbridge_assert_fail");
  if (!Fail || !Fail->isDeclaration())
    return;
  LLVMContext &C = M.getContext();
  Type *Ptr = PointerType::get(C, 0);
  FunctionCallee Cuda = M.getOrInsertFunction(
      "__assertfail",
      FunctionType::get(Type::getVoidTy(C),
                        {Ptr, Ptr, Type::getInt32Ty(C), Ptr, Type::getInt64Ty(C)}, false));
  IRBuilder<> B(BasicBlock::Create(C, "entry", Fail));
  B.CreateCall(Cuda,
               {Fail->getArg(0), Fail->getArg(1), Fail->getArg(2), Fail->getArg(3), B.getInt64(1)});
  B.CreateUnreachable();
  Fail->setLinkage(GlobalValue::InternalLinkage);
}

// --target=ptx: optimises the NVPTX module clang made and writes it as PTX for --gpu.
int emitPtx(std::unique_ptr<Module> M, const ClangStyleDiagnostics &Diagnostics) {
  InitializeAllTargetInfos();
  InitializeAllTargets();
  InitializeAllTargetMCs();
  InitializeAllAsmPrinters();
  install_fatal_error_handler([](void *, const char *Reason, bool) {
    errs() << "drawbridge-device: error: LLVM's NVPTX back end cannot write this device code as "
              "PTX: "
           << Reason << "\n";
    sys::RunInterruptHandlers();
    _exit(1);
  });
  std::string Error;
  const llvm::Target *T = TargetRegistry::lookupTarget(M->getTargetTriple(), Error);
  if (!T || !StringRef(M->getTargetTriple()).starts_with("nvptx")) {
    errs() << "drawbridge-device: --target=ptx needs NVPTX device IR: " << Error << "\n";
    return 1;
  }
  std::unique_ptr<TargetMachine> TM(
      T->createTargetMachine(M->getTargetTriple(), Gpu, "+ptx85", TargetOptions(), std::nullopt,
                             std::nullopt, CodeGenOptLevel::Aggressive));
  M->setDataLayout(TM->createDataLayout());
  bindAssertToCuda(*M);

  Pipelines P(M->getContext(), TM.get());
  P.PB.buildPerModuleDefaultPipeline(optimizationLevel()).run(*M, P.MAM);
  if (!checkPtxMath(*M) || Diagnostics.HadError)
    return 1;
  return writeOutput(*M, *TM, CodeGenFileType::AssemblyFile) && !Diagnostics.HadError ? 0 : 1;
}

// A module split by kernel has at most this many parts: enough to keep the cores of a large
// machine busy on a file of many kernels, few enough that each part's fixed cost (a context,
// a target machine, its pipelines) stays small.
constexpr unsigned kMaxParts = 8;

// Optimises and compiles one part of a split module (SplitByKernel.h) into Object, in a
// context of its own; its diagnostics go to Messages.
bool compilePart(StringRef Bitcode, const drawbridge::cpu::CpuLoweringOptions &Options,
                 const std::string &Object, std::string &Messages) {
  raw_string_ostream Out(Messages);
  LLVMContext Context;
  ClangStyleDiagnostics Diagnostics(Out);
  Context.setDiagnosticHandlerCallBack(ClangStyleDiagnostics::handle, &Diagnostics);
  Expected<std::unique_ptr<Module>> M = parseBitcodeFile(MemoryBufferRef(Bitcode, "part"), Context);
  if (!M) {
    Out << "drawbridge-device: internal error: " << toString(M.takeError()) << "\n";
    return false;
  }
  std::unique_ptr<TargetMachine> TM = createHostTargetMachine();
  if (!TM)
    return false;
  Pipelines P(Context, TM.get());
  for (drawbridge::cpu::LoweringStage &Stage :
       drawbridge::cpu::buildCpuLoweringStages(P.PB, Options))
    if (Stage.Name == "optimize")
      Stage.Passes.run(**M, P.MAM);
  if (Diagnostics.HadError)
    return false;
  if (verifyModule(**M, &Out)) {
    Out << "drawbridge-device: internal error: invalid IR after stage 'optimize'\n";
    return false;
  }
  return writeOutput(**M, *TM, CodeGenFileType::ObjectFile, Object) && !Diagnostics.HadError;
}

// Optimises and compiles the parts of a split module on up to --part-threads threads, prints
// their diagnostics in order, and joins their objects into -o with ld.lld -r.
bool compileParts(const std::vector<SmallString<0>> &Parts,
                  const drawbridge::cpu::CpuLoweringOptions &Options) {
  const unsigned Cores = std::max(1u, std::thread::hardware_concurrency());
  const unsigned Workers = std::min<unsigned>(Parts.size(), PartThreads ? PartThreads : Cores);
  std::vector<std::string> Objects, Messages(Parts.size());
  for (size_t P = 0; P < Parts.size(); ++P)
    Objects.push_back(OutputPath + ".part" + std::to_string(P) + ".o");
  std::vector<char> Compiled(Parts.size(), 0);
  std::atomic<size_t> Next{0};
  auto Work = [&] {
    for (size_t P; (P = Next++) < Parts.size();)
      Compiled[P] = compilePart(Parts[P], Options, Objects[P], Messages[P]);
  };
  std::vector<std::thread> Pool;
  for (unsigned W = 1; W < Workers; ++W)
    Pool.emplace_back(Work);
  Work();
  for (std::thread &T : Pool)
    T.join();
  for (const std::string &Text : Messages)
    errs() << Text;
  bool OK = std::all_of(Compiled.begin(), Compiled.end(), [](char C) { return C != 0; });
  if (OK) {
    std::vector<StringRef> Link{LinkerPath, "-r", "-o", OutputPath};
    Link.insert(Link.end(), Objects.begin(), Objects.end());
    std::string Error;
    if (sys::ExecuteAndWait(LinkerPath, Link, std::nullopt, {}, 0, 0, &Error) != 0) {
      errs() << "drawbridge-device: cannot join the parts' objects with " << LinkerPath
             << (Error.empty() ? "" : ": " + Error) << "\n";
      OK = false;
    }
  }
  for (const std::string &Object : Objects)
    sys::fs::remove(Object);
  return OK;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  // Code generation passes that cost more compile time than they buy at run time on the
  // out-of-order x86 cores the CPU target runs on (a tenth of a template-heavy file's time);
  // the command line comes after, so it can turn them back on.
  //
  // Loop unswitching scales its cost by the number of candidate conditions past the first two
  // (LLVM's default: past eight). A 2D block's row loop whose body checks several
  // row-invariant bounds (a transpose's `y + j < rows` for each of four rows) was unswitched
  // into a copy per combination, each copied again for whole rows and bounds versioning:
  // 18 and 27 vector loops in the transpose's regions, where 6 do, and 2x its time.
  //
  // A loop of fewer than 16 iterations (LLVM's default) vectorises only if it needs no run-time
  // checks; a thread loop's copy for a whole row of 8 threads (SpecializeFullRows: 8 x 8 tiles)
  // needs them for its index arithmetic and ran as scalar code: SGEMM with 8 x 8 tiles took
  // 2x to 3x the time it takes vectorised. Forcing the copy's vectorisation instead warned
  // the user about every such loop it could not vectorise.
  //
  // Each thread of a CUB-style kernel loads and stores several consecutive items (12 ints a
  // thread in thrust::inclusive_scan's tiles): across a thread loop, loads of stride 12. LLVM
  // groups strided accesses into wide loads and shuffles only up to a stride of 8 by default,
  // and made the rest gathers and scatters; up to 16 took the scan from 26.6 to 20.7 ms.
  //
  // Loops that copy an array are not turned into memcpy or memmove calls. A thread's shift of
  // a small private array (a stencil's register queue, `behind[i] = behind[i - 1]`) became a
  // memmove within the array before the loop could be unrolled, which kept the array in
  // memory: past a barrier, in a per-thread slot that the thread loop moved 12 bytes at a
  // time, scalar (a 2.5D stencil 1.7x slower). Unrolled, the array's elements are plain values.
  std::vector<const char *> Arguments = {argv[0],
                                         "-disable-loop-idiom-memcpy",
                                         "-post-RA-scheduler=false",
                                         "-disable-x86-domain-reassignment",
                                         "-unswitch-num-initial-unscaled-candidates=2",
                                         "-vectorizer-min-trip-count=8",
                                         "-max-interleave-group-factor=16"};
  Arguments.insert(Arguments.end(), argv + 1, argv + argc);
  cl::ParseCommandLineOptions(static_cast<int>(Arguments.size()), Arguments.data(),
                              "Drawbridge device back end\n");
  const bool Ptx = DeviceTarget == "ptx";
  if (!Ptx && DeviceTarget != "cpu") {
    errs() << "drawbridge-device: unknown target '" << DeviceTarget << "'\n";
    return 1;
  }

  LLVMContext Context;
  ClangStyleDiagnostics Diagnostics;
  Context.setDiagnosticHandlerCallBack(ClangStyleDiagnostics::handle, &Diagnostics);
  std::unique_ptr<Module> M = loadInputs(Context);
  if (!M)
    return 1;
  if (Ptx)
    return emitPtx(std::move(M), Diagnostics);
  std::unique_ptr<TargetMachine> TM = createHostTargetMachine();
  if (!TM)
    return 1;

  Pipelines P(Context, TM.get());

  drawbridge::cpu::CpuLoweringOptions Options;
  std::optional<uint32_t> PtxVersion = ptxVersion();
  if (!PtxVersion) {
    errs() << "drawbridge-device: -arch takes compute_NN\n";
    return 1;
  }
  Options.PtxVersion = *PtxVersion;
  Options.ImageId = ImageId;
  Options.DeviceLink = EmptyObject || !LinkedModules.empty();
  Options.LinkedModuleIds.assign(LinkedModules.begin(), LinkedModules.end());
  Options.Level = optimizationLevel();
  Options.Triple = TM->getTargetTriple().str();
  Options.DataLayout = TM->createDataLayout().getStringRepresentation();
  Options.KeepDebugInfo = KeepDebugInfo;

  for (drawbridge::cpu::LoweringStage &Stage :
       drawbridge::cpu::buildCpuLoweringStages(P.PB, Options)) {
    // A module of several kernels optimises and compiles in parts, on several threads.
    if (Stage.Name == "optimize" && !LinkerPath.empty() && !ImageId.empty() && !EmitLLVM &&
        !KeepDebugInfo && PrintAfter != Stage.Name) {
      std::vector<SmallString<0>> Parts = drawbridge::device::splitByKernel(*M, kMaxParts, ImageId);
      if (!Parts.empty())
        return compileParts(Parts, Options) ? 0 : 1;
    }
    Stage.Passes.run(*M, P.MAM);
    if (Diagnostics.HadError)
      return 1;
    if (Stage.Name == "regions" && !KeepDebugInfo)
      StripDebugInfo(*M);
    if (verifyModule(*M, &errs())) {
      errs() << "drawbridge-device: internal error: invalid IR after stage '" << Stage.Name
             << "'\n";
      return 2;
    }
    if (PrintAfter == Stage.Name)
      M->print(outs(), nullptr);
    if (Stage.Name == "regions" && Verbose)
      reportFiberKernels(*M);
    if (Stage.Name == "regions" && ResourceUsage)
      reportResourceUsage(*M);
  }
  return writeOutput(*M, *TM) && !Diagnostics.HadError ? 0 : 1;
}
