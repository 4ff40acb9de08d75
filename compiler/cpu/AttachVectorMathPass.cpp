// Attaches glibc libmvec vector variants to math calls (see AttachVectorMathPass.h).
#include "AttachVectorMathPass.h"

#include "VectorExpf.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/VFABIDemangler.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <algorithm>
#include <string>
#include <utility>

using namespace llvm;

namespace drawbridge::cpu {
namespace {

// A libmvec function: its double-precision name (the float one adds an `f`), how many
// arguments it takes, and for each precision the vector ABIs (below) whose versions meet the
// CUDA bound: scripts/math-accuracy.sh measures each through this pass, built for AVX-512,
// AVX2 and SSE. glibc's versions for different ABIs are different code, and some are not
// accurate enough. A float function without an accurate float version computes through an
// accurate double one (float asin, log, log2, log1p and cbrt do), or through a double one
// that misses the double bound but is still far inside the float one (below). Float exp is
// Drawbridge's own (VectorExpf.h): libmvec's float versions are 3 ulps off on 251 floats,
// past CUDA's 2, and its double ones cost a call per 8 lanes. expm1, and double
// sin, cos, tan, exp, log10 and hypot (1 / hypot is rhypot, whose bound is 1 ulp), stay scalar
// calls.
struct VectorMathFunction {
  const char *Name;
  unsigned Arity;
  const char *FloatIsas;
  const char *DoubleIsas;
};

constexpr VectorMathFunction VectorMathFunctions[] = {
    {"sin", 1, "bde", ""},      {"cos", 1, "bde", ""},      {"tan", 1, "bde", ""},
    {"asin", 1, "", "e"},       {"acos", 1, "bde", "bde"},  {"atan", 1, "bde", "bde"},
    {"atan2", 2, "bde", "bde"}, {"sinh", 1, "bde", "bde"},  {"cosh", 1, "bde", "bd"},
    {"tanh", 1, "bde", "bde"},  {"asinh", 1, "bde", "bde"}, {"acosh", 1, "bde", "bde"},
    {"atanh", 1, "bde", "bde"}, {"exp", 1, "", ""},         {"exp2", 1, "bde", "e"},
    {"exp10", 1, "bd", "b"},    {"expm1", 1, "", ""},       {"log", 1, "", "de"},
    {"log2", 1, "", "bd"},      {"log10", 1, "bd", ""},     {"log1p", 1, "", "e"},
    {"cbrt", 1, "", "bde"},     {"hypot", 2, "bde", ""},    {"pow", 2, "bde", "bde"},
    {"erf", 1, "bd", "bde"},    {"erfc", 1, "bde", "bde"},
};

// Double versions a float function may compute through although they miss the double bound:
// log10's AVX2 and AVX-512 versions give log10f within 1 ulp on every positive float, where
// the AVX-512 float version is 3 ulps off on some (a sweep of every 16th float found 17).
constexpr std::pair<const char *, const char *> FloatThroughDoubleIsas[] = {{"log10", "de"}};

// What a callee computes: the libmvec function for one precision, and for a float function
// the double one beside it.
struct ScalarMath {
  std::string Name; // libmvec's scalar name: "exp" or "expf"
  std::string DoubleName;
  unsigned Arity;
  bool IsFloat;
  StringRef Isas;       // the vector ABIs accurate enough
  StringRef DoubleIsas; // those of the double function a float one may compute through
};

// Callee names, as C library calls and as LLVM intrinsics, to what they compute.
const StringMap<ScalarMath> &scalarMathByCallee() {
  static const StringMap<ScalarMath> Table = [] {
    StringMap<ScalarMath> Map;
    for (const VectorMathFunction &Fn : VectorMathFunctions) {
      std::string Double = Fn.Name, Float = Double + "f";
      const ScalarMath DoubleMath{Double, Double, Fn.Arity, false, Fn.DoubleIsas, Fn.DoubleIsas};
      StringRef Through = Fn.DoubleIsas;
      for (auto [Name, Isas] : FloatThroughDoubleIsas)
        if (Double == Name)
          Through = Isas;
      const ScalarMath FloatMath{Float, Double, Fn.Arity, true, Fn.FloatIsas, Through};
      Map[Double] = Map["llvm." + Double + ".f64"] = DoubleMath;
      Map[Float] = Map["llvm." + Double + ".f32"] = FloatMath;
    }
    return Map;
  }();
  return Table;
}

// libmvec's vector ABIs by register width: SSE ('b'), AVX2 ('d'), AVX-512 ('e'). The AVX2
// versions fall back to SSE code inside glibc on processors without AVX2.
struct VectorIsa {
  char Letter;
  unsigned Bits;
};
constexpr VectorIsa VectorIsas[] = {{'b', 128}, {'d', 256}, {'e', 512}};

bool callsWithScalarType(const CallInst &Call, Type *Ty, unsigned Arity) {
  if (Call.getType() != Ty || Call.arg_size() != Arity)
    return false;
  return std::all_of(Call.arg_begin(), Call.arg_end(),
                     [Ty](const Use &Arg) { return Arg->getType() == Ty; });
}

FunctionType *vectorFunctionType(Type *Element, unsigned Lanes, unsigned Arity) {
  auto *VectorTy = FixedVectorType::get(Element, Lanes);
  return FunctionType::get(VectorTy, SmallVector<Type *, 2>(Arity, VectorTy), false);
}

void markPure(Function &F) {
  F.addFnAttr(Attribute::NoUnwind);
  F.addFnAttr(Attribute::WillReturn);
  F.setDoesNotAccessMemory();
}

// Declares what the vectoriser may call and keeps the declarations alive until it has run.
class VectorMathBuilder {
public:
  explicit VectorMathBuilder(Module &M) : M(M) {}

  // libmvec's `_ZGV<isa>N<lanes><v...>_<name>`; null if the program defines that name with
  // another type.
  Function *libmvecVersion(StringRef Name, Type *Element, unsigned Arity, const VectorIsa &Isa) {
    const unsigned Lanes = Isa.Bits / Element->getPrimitiveSizeInBits();
    const std::string VectorName = "_ZGV" + std::string(1, Isa.Letter) + "N" +
                                   std::to_string(Lanes) + std::string(Arity, 'v') + "_" +
                                   Name.str();
    return declare(VectorName, vectorFunctionType(Element, Lanes, Arity), [](Function &) {});
  }

  // A float version that computes in double precision, through libmvec's double version for
  // DoubleIsa: a double result within an ulp or two of its own precision rounds to the float
  // result within half a float ulp (and a rounding error far below that).
  Function *throughDouble(const ScalarMath &Math, unsigned Lanes, const VectorIsa &DoubleIsa) {
    LLVMContext &Context = M.getContext();
    Type *Double = Type::getDoubleTy(Context);
    Function *Piece = libmvecVersion(Math.DoubleName, Double, Math.Arity, DoubleIsa);
    if (!Piece)
      return nullptr;
    const unsigned PieceLanes = DoubleIsa.Bits / 64;
    const std::string Name = "__drawbridge_" + Math.Name + "_x" + std::to_string(Lanes) +
                             "_through_" + Piece->getName().str();
    return declare(
        Name, vectorFunctionType(Type::getFloatTy(Context), Lanes, Math.Arity), [&](Function &Fn) {
          Fn.setLinkage(GlobalValue::InternalLinkage);
          IRBuilder<> B(BasicBlock::Create(Context, "entry", &Fn));
          SmallVector<Value *, 2> Wide;
          for (Argument &Arg : Fn.args())
            Wide.push_back(B.CreateFPExt(&Arg, FixedVectorType::get(Double, Lanes)));
          SmallVector<Value *, 4> Results;
          for (unsigned First = 0; First < Lanes; First += PieceLanes) {
            SmallVector<Value *, 2> Args;
            for (Value *V : Wide)
              Args.push_back(B.CreateShuffleVector(V, createSequentialMask(First, PieceLanes, 0)));
            Results.push_back(B.CreateCall(Piece, Args));
          }
          B.CreateRet(B.CreateFPTrunc(concatenateVectors(B, Results), Fn.getReturnType()));
        });
  }

  // Drawbridge's own vector expf (VectorExpf.h), Lanes wide, inside the module.
  Function *ownExpf(unsigned Lanes) {
    Type *Float = Type::getFloatTy(M.getContext());
    return declare("__drawbridge_expf_x" + std::to_string(Lanes),
                   vectorFunctionType(Float, Lanes, 1), [](Function &Fn) {
                     Fn.setLinkage(GlobalValue::InternalLinkage);
                     Fn.addFnAttr(Attribute::AlwaysInline);
                     emitVectorExpf(Fn);
                   });
  }

  // Keeps the declarations of versions no call uses yet: the vectoriser finds a version only
  // through its declaration.
  void keepDeclarations() {
    if (!Created.empty())
      appendToCompilerUsed(M, Created);
  }

private:
  template <typename Define>
  Function *declare(const std::string &Name, FunctionType *Ty, Define &&DefineBody) {
    if (Function *Existing = M.getFunction(Name))
      return Existing->getFunctionType() == Ty ? Existing : nullptr;
    Function *Fn = Function::Create(Ty, Function::ExternalLinkage, Name, M);
    markPure(*Fn);
    DefineBody(*Fn);
    Created.push_back(Fn);
    return Fn;
  }

  Module &M;
  SmallVector<GlobalValue *, 8> Created;
};

// The widest double ISA allowed for Math whose vectors fit the registers and split Lanes.
const VectorIsa *doubleIsaFor(const ScalarMath &Math, unsigned Lanes, uint64_t RegisterBits) {
  const VectorIsa *Best = nullptr;
  for (const VectorIsa &Isa : VectorIsas)
    if (Isa.Bits <= RegisterBits && Math.DoubleIsas.contains(Isa.Letter) &&
        Lanes % (Isa.Bits / 64) == 0)
      Best = &Isa;
  return Best;
}

} // namespace

PreservedAnalyses AttachVectorMathPass::run(Function &F, FunctionAnalysisManager &FAM) {
  Module &M = *F.getParent();
  Triple Target(M.getTargetTriple());
  if (Target.getArch() != Triple::x86_64 || !Target.isOSGlibc())
    return PreservedAnalyses::all();
  // A vector wider than the registers the target uses is passed in pieces, which is not
  // libmvec's ABI: offer only the versions whose vectors fit.
  const TargetTransformInfo &TTI = FAM.getResult<TargetIRAnalysis>(F);
  const uint64_t RegisterBits =
      TTI.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector).getFixedValue();

  VectorMathBuilder Builder(M);
  bool Changed = false;
  for (Instruction &I : instructions(F)) {
    auto *Call = dyn_cast<CallInst>(&I);
    Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    // A call that may set errno or read the rounding state through memory stays scalar.
    if (!Callee || !Call->doesNotAccessMemory())
      continue;
    auto Found = scalarMathByCallee().find(Callee->getName());
    if (Found == scalarMathByCallee().end())
      continue;
    const ScalarMath &Math = Found->second;
    Type *ScalarTy =
        Math.IsFloat ? Type::getFloatTy(M.getContext()) : Type::getDoubleTy(M.getContext());
    if (!callsWithScalarType(*Call, ScalarTy, Math.Arity))
      continue;

    SmallVector<std::string, 4> Variants;
    VFABI::getVectorVariantNames(*Call, Variants);
    for (const VectorIsa &Isa : VectorIsas) {
      if (Isa.Bits > RegisterBits)
        continue;
      const unsigned Lanes = Isa.Bits / ScalarTy->getPrimitiveSizeInBits();
      Function *VectorFn = nullptr;
      if (Math.Name == "expf")
        VectorFn = Builder.ownExpf(Lanes);
      else if (Math.Isas.contains(Isa.Letter))
        VectorFn = Builder.libmvecVersion(Math.Name, ScalarTy, Math.Arity, Isa);
      else if (const VectorIsa *DoubleIsa = doubleIsaFor(Math, Lanes, RegisterBits);
               Math.IsFloat && DoubleIsa)
        VectorFn = Builder.throughDouble(Math, Lanes, *DoubleIsa);
      if (!VectorFn)
        continue;
      std::string Mapping = "_ZGV_LLVM_N" + std::to_string(Lanes) + std::string(Math.Arity, 'v') +
                            "_" + Callee->getName().str() + "(" + VectorFn->getName().str() + ")";
      if (std::find(Variants.begin(), Variants.end(), Mapping) != Variants.end())
        continue;
      Variants.push_back(std::move(Mapping));
      Changed = true;
    }
    VFABI::setVectorVariantNames(Call, Variants);
  }
  if (!Changed)
    return PreservedAnalyses::all();
  Builder.keepDeclarations();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace drawbridge::cpu
