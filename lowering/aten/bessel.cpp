//===- bessel.cpp - Bessel, modified Bessel and Airy functions ----------------===//
//
// torch computes these elementwise with the Cephes approximations
// (aten/src/ATen/native/Math.h); the rules emit the same evaluation as ONNX
// ops (see FloatExpr.h), in the result dtype as torch does:
//
//   i0, i0e, i1, i1e, modified_bessel_i0/i1   Chebyshev series (Clenshaw) of
//       exp(-|x|) I(|x|) on |x| <= 8, and of exp(-|x|) sqrt(|x|) I(|x|) in
//       32/|x| beyond; i1 is odd.
//   modified_bessel_k0/k1, scaled_...          Chebyshev series in x*x on
//       x <= 2 (with log(x/2) I(x)), in 8/x beyond; 0 -> inf, x < 0 -> NaN.
//   bessel_j0/j1/y0/y1                         rational functions of x*x on
//       |x| <= 5, the Hankel asymptotic form with rational P and Q beyond.
//   spherical_bessel_j0                        Taylor series on |x| < 0.5,
//       sin(x)/x beyond, 0 at infinities.
//   airy_ai                                    asymptotic forms beyond
//       [-2.09, 2.09), its Maclaurin series (run until the term is below
//       machine epsilon, as torch's loop) inside.
//
// The coefficient tables are Cephes' (Stephen L. Moshier), as torch uses
// them. An integer input computes in the default float dtype (the result
// dtype); float16 and bfloat16 compute in float32, as torch upcasts them.
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"
#include "lowering/aten/FloatExpr.h"

#include <cmath>
#include <limits>

namespace pt2onnx::lowering {
namespace {

using ir::DType;
using ir::Value;

// ---- Coefficient tables ----------------------------------------------------------

// exp(-x) I0(x) on [0, 8], in (x/2 - 2).
constexpr double kI0A[] = {
    -4.41534164647933937950e-18, 3.33079451882223809783e-17,  -2.43127984654795469359e-16,
    1.71539128555513303061e-15,  -1.16853328779934516808e-14, 7.67618549860493561688e-14,
    -4.85644678311192946090e-13, 2.95505266312963983461e-12,  -1.72682629144155570723e-11,
    9.67580903537323691224e-11,  -5.18979560163526290666e-10, 2.65982372468238665035e-9,
    -1.30002500998624804212e-8,  6.04699502254191894932e-8,   -2.67079385394061173391e-7,
    1.11738753912010371815e-6,   -4.41673835845875056359e-6,  1.64484480707288970893e-5,
    -5.75419501008210370398e-5,  1.88502885095841655729e-4,   -5.76375574538582365885e-4,
    1.63947561694133579842e-3,   -4.32430999505057594430e-3,  1.05464603945949983183e-2,
    -2.37374148058994688156e-2,  4.93052842396707084878e-2,   -9.49010970480476444210e-2,
    1.71620901522208775349e-1,   -3.04682672343198398683e-1,  6.76795274409476084995e-1};

// exp(-x) sqrt(x) I0(x) on (8, inf), in (32/x - 2).
constexpr double kI0B[] = {
    -7.23318048787475395456e-18, -4.83050448594418207126e-18, 4.46562142029675999901e-17,
    3.46122286769746109310e-17,  -2.82762398051658348494e-16, -3.42548561967721913462e-16,
    1.77256013305652638360e-15,  3.81168066935262242075e-15,  -9.55484669882830764870e-15,
    -4.15056934728722208663e-14, 1.54008621752140982691e-14,  3.85277838274214270114e-13,
    7.18012445138366623367e-13,  -1.79417853150680611778e-12, -1.32158118404477131188e-11,
    -3.14991652796324136454e-11, 1.18891471078464383424e-11,  4.94060238822496958910e-10,
    3.39623202570838634515e-9,   2.26666899049817806459e-8,   2.04891858946906374183e-7,
    2.89137052083475648297e-6,   6.88975834691682398426e-5,   3.36911647825569408990e-3,
    8.04490411014108831608e-1};

// exp(-x) I1(x) / x on [0, 8], in (x/2 - 2).
constexpr double kI1A[] = {
    2.77791411276104639959e-18,  -2.11142121435816608115e-17, 1.55363195773620046921e-16,
    -1.10559694773538630805e-15, 7.60068429473540693410e-15,  -5.04218550472791168711e-14,
    3.22379336594557470981e-13,  -1.98397439776494371520e-12, 1.17361862988909016308e-11,
    -6.66348972350202774223e-11, 3.62559028155211703701e-10,  -1.88724975172282928790e-9,
    9.38153738649577178388e-9,   -4.44505912879632808065e-8,  2.00329475355213526229e-7,
    -8.56872026469545474066e-7,  3.47025130813767847674e-6,   -1.32731636560394358279e-5,
    4.78156510755005422638e-5,   -1.61760815825896745588e-4,  5.12285956168575772895e-4,
    -1.51357245063125314899e-3,  4.15642294431288815669e-3,   -1.05640848946261981558e-2,
    2.47264490306265168283e-2,   -5.29459812080949914269e-2,  1.02643658689847095384e-1,
    -1.76416518357834055153e-1,  2.52587186443633654823e-1};

// exp(-x) sqrt(x) I1(x) on (8, inf), in (32/x - 2).
constexpr double kI1B[] = {
    7.51729631084210481353e-18,  4.41434832307170791151e-18,  -4.65030536848935832153e-17,
    -3.20952592199342395980e-17, 2.96262899764595013876e-16,  3.30820231092092828324e-16,
    -1.88035477551078244854e-15, -3.81440307243700780478e-15, 1.04202769841288027642e-14,
    4.27244001671195135429e-14,  -2.10154184277266431302e-14, -4.08355111109219731823e-13,
    -7.19855177624590851209e-13, 2.03562854414708950722e-12,  1.41258074366137813316e-11,
    3.25260358301548823856e-11,  -1.89749581235054123450e-11, -5.58974346219658380687e-10,
    -3.83538038596423702205e-9,  -2.63146884688951950684e-8,  -2.51223623787020892529e-7,
    -3.88256480887769039346e-6,  -1.10588938762623716291e-4,  -9.76109749136146840777e-3,
    7.78576235018280120474e-1};

// torch's float32 i1 and i1e keep only the last terms of the tables.
constexpr size_t kI1AFloatTerms = 17, kI1BFloatTerms = 7;

// K0(x) + log(x/2) I0(x) on [0, 2], in (x*x - 2).
constexpr double kK0A[] = {1.37446543561352307156e-16, 4.25981614279661018399e-14,
                           1.03496952576338420167e-11, 1.90451637722020886025e-9,
                           2.53479107902614945675e-7,  2.28621210311945178607e-5,
                           1.26461541144692592338e-3,  3.59799365153615016266e-2,
                           3.44289899924628486886e-1,  -5.35327393233902768720e-1};

// exp(x) sqrt(x) K0(x) on (2, inf), in (8/x - 2).
constexpr double kK0B[] = {
    5.30043377268626276149e-18,  -1.64758043015242134646e-17, 5.21039150503902756861e-17,
    -1.67823109680541210385e-16, 5.51205597852431940784e-16,  -1.84859337734377901440e-15,
    6.34007647740507060557e-15,  -2.22751332699166985548e-14, 8.03289077536357521100e-14,
    -2.98009692317273043925e-13, 1.14034058820847496303e-12,  -4.51459788337394416547e-12,
    1.85594911495471785253e-11,  -7.95748924447710747776e-11, 3.57739728140030116597e-10,
    -1.69753450938905987466e-9,  8.57403401741422608519e-9,   -4.66048989768794782956e-8,
    2.76681363944501510342e-7,   -1.83175552271911948767e-6,  1.39498137188764993662e-5,
    -1.28495495816278026384e-4,  1.56988388573005337491e-3,   -3.14481013119645005427e-2,
    2.44030308206595545468e0};

// x K1(x) - x log(x/2) I1(x) on [0, 2], in (x*x - 2).
constexpr double kK1A[] = {
    -7.02386347938628759343e-18, -2.42744985051936593393e-15, -6.66690169419932900609e-13,
    -1.41148839263352776110e-10, -2.21338763073472585583e-8,  -2.43340614156596823496e-6,
    -1.73028895751305206302e-4,  -6.97572385963986435018e-3,  -1.22611180822657148235e-1,
    -3.53155960776544875667e-1,  1.52530022733894777053e0};

// exp(x) sqrt(x) K1(x) on (2, inf), in (8/x - 2).
constexpr double kK1B[] = {
    -5.75674448366501715755e-18, 1.79405087314755922667e-17,  -5.68946255844285935196e-17,
    1.83809354436663880070e-16,  -6.05704724837331885336e-16, 2.03870316562433424052e-15,
    -7.01983709041831346144e-15, 2.47715442448130437068e-14,  -8.97670518232499435011e-14,
    3.34841966607842919884e-13,  -1.28917396095102890680e-12, 5.13963967348173025100e-12,
    -2.12996783842756842877e-11, 9.21831518760500529508e-11,  -4.19035475934189648750e-10,
    2.01504975519703286596e-9,   -1.03457624656780970260e-8,  5.74108412545004946722e-8,
    -3.50196060308781257119e-7,  2.40648494783721712015e-6,   -1.93619797416608296024e-5,
    1.95215518471351631108e-4,   -2.85781685962277938680e-3,  1.03923736576817238437e-1,
    2.72062619048444266945e0};

// The asymptotic P and Q of J0 and Y0 (in 25/x^2), and of J1 and Y1 (in (5/x)^2).
constexpr double kJ0PP[] = {7.96936729297347051624e-4, 8.28352392107440799803e-2,
                            1.23953371646414299388e0,  5.44725003058768775090e0,
                            8.74716500199817011941e0,  5.30324038235394892183e0,
                            9.99999999999999997821e-1};
constexpr double kJ0PQ[] = {9.24408810558863637013e-4, 8.56288474354474431428e-2,
                            1.25352743901058953537e0,  5.47097740330417105182e0,
                            8.76190883237069594232e0,  5.30605288235394617618e0,
                            1.00000000000000000218e0};
constexpr double kJ0QP[] = {-1.13663838898469149931e-2, -1.28252718670509318512e0,
                            -1.95539544257735972385e1,  -9.32060152123768231369e1,
                            -1.77681167980488050595e2,  -1.47077505154951170175e2,
                            -5.14105326766599330220e1,  -6.05014350600728481186e0};
constexpr double kJ0QQ[] = {6.43178256118178023184e1, 8.56430025976980587198e2,
                            3.88240183605401609683e3, 7.24046774195652478189e3,
                            5.93072701187316984827e3, 2.06209331660327847417e3,
                            2.42005740240291393179e2};
constexpr double kJ1PP[] = {7.62125616208173112003e-4, 7.31397056940917570436e-2,
                            1.12719608129684925192e0,  5.11207951146807644818e0,
                            8.42404590141772420927e0,  5.21451598682361504063e0,
                            1.00000000000000000254e0};
constexpr double kJ1PQ[] = {5.71323128072548699714e-4, 6.88455908754495404082e-2,
                            1.10514232634061696926e0,  5.07386386128601488557e0,
                            8.39985554327604159757e0,  5.20982848682361821619e0,
                            9.99999999999999997461e-1};
constexpr double kJ1QP[] = {5.10862594750176621635e-2, 4.98213872951233449420e0,
                            7.58238284132545283818e1,  3.66779609360150777800e2,
                            7.10856304998926107277e2,  5.97489612400613639965e2,
                            2.11688757100572135698e2,  2.52070205858023719784e1};
constexpr double kJ1QQ[] = {7.42373277035675149943e1, 1.05644886038262816351e3,
                            4.98641058337653607651e3, 9.56231892404756170795e3,
                            7.99704160447350683650e3, 2.82619278517639096600e3,
                            3.36093607810698293419e2};

// J0 and J1 on [0, 5]: rational functions of x^2 times the factors of their
// first two zeros.
constexpr double kJ0RP[] = {-4.79443220978201773821e9, 1.95617491946556577543e12,
                            -2.49248344360967716204e14, 9.70862251047306323952e15};
constexpr double kJ0RQ[] = {4.99563147152651017219e2,  1.73785401676374683123e5,
                            4.84409658339962045305e7,  1.11855537045356834862e10,
                            2.11277520115489217587e12, 3.10518229857422583814e14,
                            3.18121955943204943306e16, 1.71086294081043136091e18};
constexpr double kJ0Zero1Squared = 5.78318596294678452118e0,
                 kJ0Zero2Squared = 3.04712623436620863991e1;
constexpr double kJ1RP[] = {-8.99971225705559398224e8, 4.52228297998194034323e11,
                            -7.27494245221818276015e13, 3.68295732863852883286e15};
constexpr double kJ1RQ[] = {6.20836478118054335476e2,  2.56987256757748830383e5,
                            8.35146791431949253037e7,  2.21511595479792499675e10,
                            4.74914122079991414898e12, 7.84369607876235854894e14,
                            8.95222336184627338078e16, 5.32278620332680085395e18};
constexpr double kJ1Zero1Squared = 1.46819706421238932572e1,
                 kJ1Zero2Squared = 4.92184563216946036703e1;

// Y0 - (2/pi) log(x) J0 and Y1 on [0, 5].
constexpr double kY0YP[] = {1.55924367855235737965e4,  -1.46639295903971606143e7,
                            5.43526477051876500413e9,  -9.82136065717911466409e11,
                            8.75906394395366999549e13, -3.46628303384729719441e15,
                            4.42733268572569800351e16, -1.84950800436986690637e16};
constexpr double kY0YQ[] = {1.04128353664259848412e3,  6.26107330137134956842e5,
                            2.68919633393814121987e8,  8.64002487103935000337e10,
                            2.02979612750105546709e13, 3.17157752842975028269e15,
                            2.50596256172653059228e17};
constexpr double kY1YP[] = {1.26320474790178026440e9,  -6.47355876379160291031e11,
                            1.14509511541823727583e14, -8.12770255501325109621e15,
                            2.02439475713594898196e17, -7.78877196265950026825e17};
constexpr double kY1YQ[] = {5.94301592346128195359e2,  2.35564092943068577943e5,
                            7.34811944459721705660e7,  1.87601316108706159478e10,
                            3.88231277496238566008e12, 6.20557727146953693363e14,
                            6.87141087355300489866e16, 3.97270608116560655612e18};

// Ai on x >= 2.09 (in 1/zeta), and its modulus and phase on x < -2.09 (in z^2).
constexpr double kAiAN[] = {3.46538101525629032477e-1, 1.20075952739645805542e1,
                            7.62796053615234516538e1,  1.68089224934630576269e2,
                            1.59756391350164413639e2,  7.05360906840444183113e1,
                            1.40264691163389668864e1,  9.99999999999999995305e-1};
constexpr double kAiAD[] = {5.67594532638770212846e-1, 1.47562562584847203173e1,
                            8.45138970141474626562e1,  1.77318088145400459522e2,
                            1.64234692871529701831e2,  7.14778400825575695274e1,
                            1.40959135607834029598e1,  1.00000000000000000470e0};
constexpr double kAiAFN[] = {
    -1.31696323418331795333e-1, -6.26456544431912369773e-1, -6.93158036036933542233e-1,
    -2.79779981545119124951e-1, -4.91900132609500318020e-2, -4.06265923594885404393e-3,
    -1.59276496239262096340e-4, -2.77649108155232920844e-6, -1.67787698489114633780e-8};
constexpr double kAiAFD[] = {
    1.33560420706553243746e1,  3.26825032795224613948e1,  2.67367040941499554804e1,
    9.18707402907259625840e0,  1.47529146771666414581e0,  1.15687173795188044134e-1,
    4.40291641615211203805e-3, 7.54720348287414296618e-5, 4.51850092970580378464e-7};
constexpr double kAiAGN[] = {
    1.97339932091685679179e-2, 3.91103029615688277255e-1, 1.06579897599595591108e0,
    9.39169229816650230044e-1, 3.51465656105547619242e-1, 6.33888919628925490927e-2,
    5.85804113048388458567e-3, 2.82851600836737019778e-4, 6.98793669997260967291e-6,
    8.11789239554389293311e-8, 3.41551784765923618484e-10};
constexpr double kAiAGD[] = {9.30892908077441974853e0,  1.98352928718312140417e1,
                             1.55646628932864612953e1,  5.47686069422975497931e0,
                             9.54293611618961883998e-1, 8.64580826352392193095e-2,
                             4.12656523824222607191e-3, 1.01259085116509135510e-4,
                             1.17166733214413521882e-6, 4.91834570062930015649e-9};

constexpr double kPi = 3.14159265358979323846264338327950288;
constexpr double kTwoOverPi = 0.636619772367581343075535053490057448;
constexpr double kSqrtTwoOverPi = 0.797884560802865355879892119868763737;
constexpr double kOneOverSqrtPi = 5.64189583547756286948e-1;
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// ---- Evaluators ----------------------------------------------------------------------

/// Cephes' chbevl: the Chebyshev series sum' c_i T_i(y/2) by Clenshaw's
/// recurrence, the zeroth-order coefficient last.
Value *chebyshevSeries(FloatExpr &e, Value *y, llvm::ArrayRef<double> c) {
  // b0 = c0, b1 = 0: the first step is y * c0 + c1.
  Value *b0 = e.add(e.mul(y, c[0]), c[1]);
  FloatExpr::Term b1 = c[0], b2 = 0.0;
  for (double ci : c.drop_front(2)) {
    b2 = b1;
    b1 = b0;
    b0 = e.add(e.sub(e.mul(y, b1), b2), ci);
  }
  return e.mul(0.5, e.sub(b0, b2));
}

/// The rule's tensor argument in the compute dtype, and the expression
/// builder of that dtype.
std::pair<Value *, FloatExpr> unaryInput(RuleContext &ctx, llvm::StringRef arg) {
  DType t = FloatExpr::computeDType(ctx.resultDType());
  return {ctx.b.cast(ctx.tensor(arg), t), FloatExpr(ctx.b, t)};
}

ValueList result(RuleContext &ctx, Value *v) { return {ctx.b.cast(v, ctx.resultDType())}; }

/// x < 0 ? -v : v, for the odd functions computed on |x|.
Value *oddSign(FloatExpr &e, Value *x, Value *v) { return e.select(e.lt(x, 0.0), e.neg(v), v); }

// ---- Modified Bessel functions of the first kind ----------------------------------------

enum class Scaling { None, Exponential };

/// I0(x), or exp(-|x|) I0(x).
Value *emitI0(FloatExpr &e, Value *x, Scaling scaling) {
  Value *ax = e.fn("Abs", x);
  Value *small = chebyshevSeries(e, e.sub(e.div(ax, 2.0), 2.0), kI0A);
  Value *large = chebyshevSeries(e, e.sub(e.div(32.0, ax), 2.0), kI0B);
  if (scaling == Scaling::None) {
    Value *ex = e.fn("Exp", ax);
    small = e.mul(ex, small);
    large = e.mul(ex, large);
  }
  large = e.div(large, e.fn("Sqrt", ax));
  return e.select(e.le(ax, 8.0), small, large);
}

/// I1(x), or exp(-|x|) I1(x); `fullTables` keeps every term in float32 too.
Value *emitI1(FloatExpr &e, Value *x, Scaling scaling, bool fullTables) {
  llvm::ArrayRef<double> a = kI1A, bTable = kI1B;
  if (e.getDType() == DType::Float32 && !fullTables) {
    a = a.take_back(kI1AFloatTerms);
    bTable = bTable.take_back(kI1BFloatTerms);
  }
  Value *ax = e.fn("Abs", x);
  Value *small = chebyshevSeries(e, e.sub(e.div(ax, 2.0), 2.0), a);
  Value *large = chebyshevSeries(e, e.sub(e.div(32.0, ax), 2.0), bTable);
  if (scaling == Scaling::None) {
    Value *ex = e.fn("Exp", ax);
    small = e.mul(e.mul(ex, ax), small);
    large = e.mul(ex, large);
  } else {
    small = e.mul(small, ax);
  }
  large = e.div(large, e.fn("Sqrt", ax));
  return oddSign(e, x, e.select(e.le(ax, 8.0), small, large));
}

// aten.i0.default(self), aten.special_modified_bessel_i0.default(self)
ValueList lowerI0(RuleContext &ctx) {
  auto [x, e] = unaryInput(ctx, "self");
  return result(ctx, emitI0(e, x, Scaling::None));
}

// aten.special_i0e.default(self)
ValueList lowerI0e(RuleContext &ctx) {
  auto [x, e] = unaryInput(ctx, "self");
  return result(ctx, emitI0(e, x, Scaling::Exponential));
}

// aten.special_i1.default(self)
ValueList lowerI1(RuleContext &ctx) {
  auto [x, e] = unaryInput(ctx, "self");
  return result(ctx, emitI1(e, x, Scaling::None, /*fullTables=*/false));
}

// aten.special_i1e.default(self)
ValueList lowerI1e(RuleContext &ctx) {
  auto [x, e] = unaryInput(ctx, "self");
  return result(ctx, emitI1(e, x, Scaling::Exponential, /*fullTables=*/false));
}

// aten.special_modified_bessel_i1.default(self)
ValueList lowerModifiedBesselI1(RuleContext &ctx) {
  auto [x, e] = unaryInput(ctx, "self");
  return result(ctx, emitI1(e, x, Scaling::None, /*fullTables=*/true));
}

// ---- Modified Bessel functions of the second kind ---------------------------------------

/// K0(x) or K1(x) (`order`), or exp(x) times it; inf at 0, NaN below.
Value *emitK(FloatExpr &e, Value *x, int order, Scaling scaling) {
  using Table = llvm::ArrayRef<double>;
  Value *logHalfX = e.fn("Log", e.mul(0.5, x));
  Value *series = chebyshevSeries(e, e.sub(e.mul(x, x), 2.0), order == 0 ? Table(kK0A) : kK1A);
  Value *small = order == 0
                     ? e.sub(series, e.mul(logHalfX, emitI0(e, x, Scaling::None)))
                     : e.add(e.mul(logHalfX, emitI1(e, x, Scaling::None, true)), e.div(series, x));
  Value *large =
      e.div(chebyshevSeries(e, e.sub(e.div(8.0, x), 2.0), order == 0 ? Table(kK0B) : kK1B),
            e.fn("Sqrt", x));
  if (scaling == Scaling::None)
    large = e.mul(e.fn("Exp", e.neg(x)), large);
  else
    small = e.mul(small, e.fn("Exp", x));
  Value *v = e.select(e.le(x, 2.0), small, large);
  v = e.select(e.lt(x, 0.0), kNaN, v);
  return e.select(e.eq(x, 0.0), kInf, v);
}

// aten.special_modified_bessel_k0/k1.default(self),
// aten.special_scaled_modified_bessel_k0/k1.default(x)
template <int Order, Scaling S> ValueList lowerModifiedBesselK(RuleContext &ctx) {
  auto [x, e] = unaryInput(ctx, S == Scaling::None ? "self" : "x");
  return result(ctx, emitK(e, x, Order, S));
}

// ---- Bessel functions of the first and second kind --------------------------------------

/// The Hankel asymptotic form beyond x = 5 of J0/Y0 (order 0) or J1/Y1:
/// sqrt(2/(pi x)) (P cos(w) - Q sin(w)) for J, (P sin(w) + Q cos(w)) for Y,
/// with w = x - pi/4 (order 0) or x - 3pi/4.
Value *emitHankel(FloatExpr &e, Value *x, int order, bool secondKind) {
  using Table = llvm::ArrayRef<double>;
  bool zero = order == 0;
  // torch writes 25/(x*x) for order 0 and (5/x)*(5/x) for order 1.
  Value *z = zero ? e.div(25.0, e.mul(x, x)) : e.mul(e.div(5.0, x), e.div(5.0, x));
  Value *p = e.div(e.polynomial(z, zero ? Table(kJ0PP) : kJ1PP),
                   e.polynomial(z, zero ? Table(kJ0PQ) : kJ1PQ));
  Value *q = e.mul(e.div(5.0, x), e.div(e.polynomial(z, zero ? Table(kJ0QP) : kJ1QP),
                                        e.polynomial(z, zero ? Table(kJ0QQ) : kJ1QQ)));
  Value *w = e.sub(x, zero ? 0.25 * kPi : 0.75 * kPi);
  Value *sinW = e.fn("Sin", w), *cosW = e.cos(w);
  Value *v =
      secondKind ? e.add(e.mul(p, sinW), e.mul(q, cosW)) : e.sub(e.mul(p, cosW), e.mul(q, sinW));
  return e.div(e.mul(v, kSqrtTwoOverPi), e.fn("Sqrt", x));
}

/// J0(x): even.
Value *emitJ0(FloatExpr &e, Value *x) {
  Value *ax = e.fn("Abs", x);
  Value *x2 = e.mul(ax, ax);
  Value *rational = e.div(
      e.mul(e.mul(e.sub(x2, kJ0Zero1Squared), e.sub(x2, kJ0Zero2Squared)), e.polynomial(x2, kJ0RP)),
      e.polynomial(x2, kJ0RQ));
  Value *tiny = e.sub(1.0, e.div(x2, 4.0));
  Value *small = e.select(e.lt(ax, 1e-5), tiny, rational);
  return e.select(e.le(ax, 5.0), small, emitHankel(e, ax, 0, false));
}

/// J1(x): odd.
Value *emitJ1(FloatExpr &e, Value *x) {
  Value *ax = e.fn("Abs", x);
  Value *x2 = e.mul(ax, ax);
  Value *small = e.mul(e.mul(e.mul(e.div(e.polynomial(x2, kJ1RP), e.polynomial(x2, kJ1RQ)), ax),
                             e.sub(x2, kJ1Zero1Squared)),
                       e.sub(x2, kJ1Zero2Squared));
  return oddSign(e, x, e.select(e.le(ax, 5.0), small, emitHankel(e, ax, 1, false)));
}

/// Y0(x) or Y1(x): -inf at 0, NaN below.
Value *emitY(FloatExpr &e, Value *x, int order) {
  Value *x2 = e.mul(x, x);
  Value *logX = e.fn("Log", x);
  Value *small;
  if (order == 0) {
    small = e.add(e.div(e.polynomial(x2, kY0YP), e.polynomial(x2, kY0YQ)),
                  e.mul(e.mul(kTwoOverPi, logX), emitJ0(e, x)));
  } else {
    small = e.add(e.mul(x, e.div(e.polynomial(x2, kY1YP), e.polynomial(x2, kY1YQ))),
                  e.mul(kTwoOverPi, e.sub(e.mul(emitJ1(e, x), logX), e.div(1.0, x))));
  }
  small = e.select(e.lt(x, 0.0), kNaN, small);
  small = e.select(e.eq(x, 0.0), -kInf, small);
  Value *large = emitHankel(e, x, order, true);
  return e.select(e.le(x, 5.0), small, large);
}

// aten.special_bessel_j0.default(self)
ValueList lowerBesselJ0(RuleContext &ctx) {
  auto [x, e] = unaryInput(ctx, "self");
  return result(ctx, emitJ0(e, x));
}

// aten.special_bessel_j1.default(self)
ValueList lowerBesselJ1(RuleContext &ctx) {
  auto [x, e] = unaryInput(ctx, "self");
  return result(ctx, emitJ1(e, x));
}

// aten.special_bessel_y0/y1.default(self)
template <int Order> ValueList lowerBesselY(RuleContext &ctx) {
  auto [x, e] = unaryInput(ctx, "self");
  return result(ctx, emitY(e, x, Order));
}

// aten.special_spherical_bessel_j0.default(x): sin(x)/x.
ValueList lowerSphericalBesselJ0(RuleContext &ctx) {
  auto [x, e] = unaryInput(ctx, "x");
  Value *x2 = e.mul(x, x);
  // 1 - x^2/3! + x^4/5! - ... to x^12/13!, nested from the innermost term.
  const double terms[] = {-1.0 / 6.0,     1.0 / 120.0,       -1.0 / 5040.0,
                          1.0 / 362880.0, -1.0 / 39916800.0, 1.0 / 6227020800.0};
  FloatExpr::Term s = terms[5];
  for (int i = 4; i >= 0; --i)
    s = e.add(terms[i], e.mul(x2, s));
  Value *series = e.add(1.0, e.mul(x2, s));
  Value *v = e.select(e.lt(e.fn("Abs", x), 0.5), series, e.div(e.fn("Sin", x), x));
  return result(ctx, e.select(e.isInf(x), 0.0, v));
}

// ---- Airy function ---------------------------------------------------------------------

/// Terms of the Maclaurin series of Ai the rule evaluates at most: for
/// |x| < 2.09, where the series is used, the 20th term is below the float64
/// epsilon times the sum except next to a zero of the sum.
constexpr int kAiryMaxTerms = 20;

// aten.special_airy_ai.default(x)
ValueList lowerAiryAi(RuleContext &ctx) {
  auto [x, e] = unaryInput(ctx, "x");
  double eps = e.getDType() == DType::Float64 ? std::numeric_limits<double>::epsilon()
                                              : double(std::numeric_limits<float>::epsilon());

  // x < -2.09: the modulus and phase form.
  Value *negX = e.neg(x);
  Value *zetaNeg = e.div(e.mul(e.mul(-2.0, x), e.fn("Sqrt", negX)), 3.0);
  Value *z = e.div(1.0, zetaNeg);
  Value *z2 = e.mul(z, z);
  Value *f = e.div(e.mul(z2, e.polynomial(z2, kAiAFN)), e.polynomial(z2, kAiAFD));
  Value *g = e.div(e.mul(z, e.polynomial(z2, kAiAGN)), e.polynomial(z2, kAiAGD));
  Value *t = e.add(zetaNeg, 0.25 * kPi);
  Value *oscillating = e.mul(e.div(kOneOverSqrtPi, e.fn("Sqrt", e.fn("Sqrt", negX))),
                             e.sub(e.mul(e.fn("Sin", t), e.add(1.0, f)), e.mul(e.cos(t), g)));

  // x >= 2.09: the exponentially decaying form.
  Value *zeta = e.div(e.mul(e.mul(2.0, x), e.fn("Sqrt", x)), 3.0);
  Value *invZeta = e.div(1.0, zeta);
  Value *decaying = e.div(
      e.mul(kOneOverSqrtPi, e.div(e.polynomial(invZeta, kAiAN), e.polynomial(invZeta, kAiAD))),
      e.mul(e.mul(2.0, e.fn("Sqrt", e.fn("Sqrt", x))), e.fn("Exp", zeta)));

  // Otherwise Ai = c1 f(x) - c2 g(x) with the series f and g in x^3, each
  // element stopping where torch's loop stops: once |m / f| <= epsilon.
  Value *cube = e.mul(e.mul(x, x), x);
  FloatExpr::Term m = 1.0, n = x, fSum = 1.0, gSum = x;
  Value *active = nullptr;
  double k = 1.0;
  for (int i = 0; i < kAiryMaxTerms; ++i) {
    Value *m1 = e.div(e.div(e.mul(m, cube), k + 1.0), k + 2.0);
    Value *n1 = e.div(e.div(e.mul(n, cube), k + 2.0), k + 3.0);
    Value *f1 = e.add(fSum, m1), *g1 = e.add(gSum, n1);
    Value *more = e.gt(e.fn("Abs", e.div(m1, f1)), eps);
    if (active) {
      f1 = e.select(active, f1, fSum);
      g1 = e.select(active, g1, gSum);
      more = e.logicalAnd(active, more);
    }
    m = m1;
    n = n1;
    fSum = f1;
    gSum = g1;
    active = more;
    k += 3.0;
  }
  Value *series = e.sub(e.mul(0.355028053887817239260, fSum), e.mul(0.258819403792806798405, gSum));

  Value *v = e.select(e.lt(x, -2.09), oscillating, e.select(e.ge(x, 2.09), decaying, series));
  v = e.select(e.gt(x, 103.892), 0.0, v);
  return result(ctx, e.select(e.isInf(x), kNaN, v));
}

} // namespace

void registerBesselLowerings(LoweringRegistry &r) {
  r.add("aten.i0.default", lowerI0);
  r.add("aten.special_i0e.default", lowerI0e);
  r.add("aten.special_i1.default", lowerI1);
  r.add("aten.special_i1e.default", lowerI1e);
  r.add("aten.special_modified_bessel_i0.default", lowerI0);
  r.add("aten.special_modified_bessel_i1.default", lowerModifiedBesselI1);
  r.add("aten.special_modified_bessel_k0.default", lowerModifiedBesselK<0, Scaling::None>);
  r.add("aten.special_modified_bessel_k1.default", lowerModifiedBesselK<1, Scaling::None>);
  r.add("aten.special_scaled_modified_bessel_k0.default",
        lowerModifiedBesselK<0, Scaling::Exponential>);
  r.add("aten.special_scaled_modified_bessel_k1.default",
        lowerModifiedBesselK<1, Scaling::Exponential>);
  r.add("aten.special_bessel_j0.default", lowerBesselJ0);
  r.add("aten.special_bessel_j1.default", lowerBesselJ1);
  r.add("aten.special_bessel_y0.default", lowerBesselY<0>);
  r.add("aten.special_bessel_y1.default", lowerBesselY<1>);
  r.add("aten.special_spherical_bessel_j0.default", lowerSphericalBesselJ0);
  r.add("aten.special_airy_ai.default", lowerAiryAi);
}

} // namespace pt2onnx::lowering
