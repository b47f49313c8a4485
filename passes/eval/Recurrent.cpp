//===- Recurrent.cpp - LSTM, GRU and simple RNN layers ---------------------===//
//
// Both levels run one cell in double: torch's fused ops (aten.lstm.input,
// gru.input, rnn_tanh/rnn_relu.input: every layer and direction, weights in
// one flat list, LSTM projections) and ONNX's LSTM, GRU and RNN (one layer,
// both directions, every attribute: activations with their alpha/beta,
// clip, input_forget, peepholes, linear_before_reset, sequence_lens; layout
// 1 is declined, as onnxruntime rejects it). The cell takes its gates in ONNX's order; torch's weights
// are regathered into it ((i, f, g, o) -> (i, o, f, c) for LSTM, (r, z, n)
// -> (z, r, h) for GRU) and torch's GRU is ONNX's with
// linear_before_reset = 1.
//
// The runtimes accumulate in float32, so results agree within a few ulps,
// not to the bit: the rules are for whole-program evaluation only. Dropout
// between layers in training mode is random and declined.
//
//===----------------------------------------------------------------------===//

#include "passes/eval/Rules.h"

#include <cmath>

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;

enum class CellKind { Lstm, Gru, Rnn };

int64_t numGates(CellKind kind) {
  return kind == CellKind::Lstm ? 4 : kind == CellKind::Gru ? 3 : 1;
}

/// An ONNX activation function with its alpha and beta.
struct Activation {
  std::string name;
  double alpha = 0, beta = 0;
};

double activate(const Activation &f, double x) {
  llvm::StringRef n = f.name;
  if (n == "Sigmoid")
    return 1 / (1 + std::exp(-x));
  if (n == "Tanh")
    return std::tanh(x);
  if (n == "Relu")
    return std::max(x, 0.0);
  if (n == "LeakyRelu")
    return x >= 0 ? x : f.alpha * x;
  if (n == "ThresholdedRelu")
    return x > f.alpha ? x : 0;
  if (n == "ScaledTanh")
    return f.alpha * std::tanh(f.beta * x);
  if (n == "HardSigmoid")
    return std::min(1.0, std::max(0.0, f.alpha * x + f.beta));
  if (n == "Elu")
    return x >= 0 ? x : f.alpha * (std::exp(x) - 1);
  if (n == "Softsign")
    return x / (1 + std::fabs(x));
  if (n == "Softplus")
    return std::log1p(std::exp(x));
  return f.alpha * x + f.beta; // Affine
}

/// The alpha and beta defaults of the functions that take them, as
/// onnxruntime applies them when activation_alpha/beta run out.
std::optional<Activation> makeActivation(llvm::StringRef name, llvm::ArrayRef<double> &alphas,
                                         llvm::ArrayRef<double> &betas) {
  struct Defaults {
    llvm::StringRef name;
    int params; // 0: none, 1: alpha, 2: alpha and beta
    double alpha, beta;
  };
  static const Defaults table[] = {
      {"Affine", 2, 1.0, 0.0},     {"Elu", 1, 1.0, 0.0},
      {"HardSigmoid", 2, 0.2, 0.5}, {"LeakyRelu", 1, 0.01, 0.0},
      {"Relu", 0, 0, 0},           {"ScaledTanh", 2, 1.0, 1.0},
      {"Sigmoid", 0, 0, 0},        {"Softplus", 0, 0, 0},
      {"Softsign", 0, 0, 0},       {"Tanh", 0, 0, 0},
      {"ThresholdedRelu", 1, 1.0, 0.0}};
  for (const Defaults &d : table) {
    if (!name.equals_insensitive(d.name))
      continue;
    Activation f{d.name.str(), d.alpha, d.beta};
    if (d.params >= 1 && !alphas.empty()) {
      f.alpha = alphas.front();
      alphas = alphas.drop_front();
    }
    if (d.params == 2 && !betas.empty()) {
      f.beta = betas.front();
      betas = betas.drop_front();
    }
    return f;
  }
  return std::nullopt;
}

/// One direction of one layer, gates in ONNX order.
struct CellWeights {
  std::vector<double> w;      // [gates * hidden, inputSize]
  std::vector<double> r;      // [gates * hidden, stateSize]
  std::vector<double> wb, rb; // [gates * hidden] each
  std::vector<double> peep;   // [3 * hidden] (i, o, f) or empty
  std::vector<double> proj;   // [stateSize, hidden] (torch's w_hr) or empty
};

struct CellConfig {
  CellKind kind;
  int64_t hidden = 0;
  /// The size of h: hidden, or an LSTM's projection size.
  int64_t stateSize = 0;
  /// f, g, h of the ONNX equations (RNN: f; GRU: f, g).
  llvm::SmallVector<Activation, 3> acts;
  std::optional<double> clip;
  bool inputForget = false;
  bool linearBeforeReset = false;
};

/// Sequences as [seq][batch][features] in row-major doubles.
struct Sequence {
  int64_t seq = 0, batch = 0, features = 0;
  std::vector<double> data;
  double *at(int64_t t, int64_t b) { return data.data() + (t * batch + b) * features; }
  const double *at(int64_t t, int64_t b) const {
    return data.data() + (t * batch + b) * features;
  }
};

/// Runs one direction over `x`. `h` [batch, stateSize] and `c` [batch,
/// hidden] hold the initial states and receive the final ones; batch entry
/// b runs for `lengths[b]` steps (from its last step when `reverse`), and
/// its outputs past that are zero. Returns y [seq, batch, stateSize].
Sequence runDirection(const CellConfig &cfg, const CellWeights &w, const Sequence &x,
                      std::vector<double> &h, std::vector<double> &c, bool reverse,
                      llvm::ArrayRef<int64_t> lengths) {
  int64_t hidden = cfg.hidden, gates = numGates(cfg.kind), in = x.features, p = cfg.stateSize;
  Sequence y{x.seq, x.batch, p, std::vector<double>(size_t(x.seq * x.batch * p), 0.0)};
  std::vector<double> xg(gates * hidden), hg(gates * hidden), out(hidden), z(hidden), r(hidden);
  auto act = [&](unsigned i, double v) {
    if (cfg.clip)
      v = std::min(std::max(v, -*cfg.clip), *cfg.clip);
    return activate(cfg.acts[i], v);
  };
  for (int64_t b = 0; b != x.batch; ++b) {
    double *hb = h.data() + b * p, *cb = c.empty() ? nullptr : c.data() + b * hidden;
    for (int64_t step = 0; step != lengths[b]; ++step) {
      int64_t t = reverse ? lengths[b] - 1 - step : step;
      const double *xt = x.at(t, b);
      for (int64_t g = 0; g != gates * hidden; ++g) {
        double sx = w.wb[g], sh = w.rb[g];
        for (int64_t k = 0; k != in; ++k)
          sx += w.w[g * in + k] * xt[k];
        for (int64_t k = 0; k != p; ++k)
          sh += w.r[g * p + k] * hb[k];
        xg[g] = sx;
        hg[g] = sh;
      }
      switch (cfg.kind) {
      case CellKind::Rnn:
        for (int64_t j = 0; j != hidden; ++j)
          out[j] = act(0, xg[j] + hg[j]);
        break;
      case CellKind::Gru: {
        // z, r, h; without linear_before_reset, h's recurrent part is
        // (r * H) R_h^T + Rb_h.
        for (int64_t j = 0; j != hidden; ++j) {
          z[j] = act(0, xg[j] + hg[j]);
          r[j] = act(0, xg[hidden + j] + hg[hidden + j]);
        }
        for (int64_t j = 0; j != hidden; ++j) {
          double rh;
          if (cfg.linearBeforeReset) {
            rh = r[j] * hg[2 * hidden + j];
          } else {
            rh = w.rb[2 * hidden + j];
            for (int64_t k = 0; k != p; ++k)
              rh += w.r[(2 * hidden + j) * p + k] * r[k] * hb[k];
          }
          double n = act(1, xg[2 * hidden + j] + rh);
          out[j] = (1 - z[j]) * n + z[j] * hb[j];
        }
        break;
      }
      case CellKind::Lstm: {
        // i, o, f, c; peepholes (i, o, f) see the previous cell state, o
        // the new one.
        auto peep = [&](int64_t which, int64_t j, double cell) {
          return w.peep.empty() ? 0.0 : w.peep[which * hidden + j] * cell;
        };
        for (int64_t j = 0; j != hidden; ++j) {
          double cPrev = cb[j];
          double i = act(0, xg[j] + hg[j] + peep(0, j, cPrev));
          double f = cfg.inputForget
                         ? 1 - i
                         : act(0, xg[2 * hidden + j] + hg[2 * hidden + j] + peep(2, j, cPrev));
          double g = act(1, xg[3 * hidden + j] + hg[3 * hidden + j]);
          double cNew = f * cPrev + i * g;
          double o = act(0, xg[hidden + j] + hg[hidden + j] + peep(1, j, cNew));
          cb[j] = cNew;
          out[j] = o * activate(cfg.acts[2], cNew);
        }
        break;
      }
      }
      double *yt = y.at(t, b);
      if (w.proj.empty()) {
        std::copy(out.begin(), out.end(), yt);
      } else {
        for (int64_t q = 0; q != p; ++q) {
          double s = 0;
          for (int64_t k = 0; k != hidden; ++k)
            s += w.proj[q * hidden + k] * out[k];
          yt[q] = s;
        }
      }
      std::copy(yt, yt + p, hb);
    }
  }
  return y;
}

/// Rows of `w` ([gates * hidden, cols]) regathered into ONNX's gate order.
std::vector<double> reorderGates(const std::vector<double> &w, llvm::ArrayRef<int64_t> order,
                                 int64_t hidden) {
  int64_t cols = int64_t(w.size()) / (int64_t(order.size()) * hidden);
  std::vector<double> out;
  out.reserve(w.size());
  for (int64_t g : order)
    out.insert(out.end(), w.begin() + g * hidden * cols, w.begin() + (g + 1) * hidden * cols);
  return out;
}

/// [d0, d1, rest] -> [d1, d0, rest].
std::vector<double> swapLeadingDims(const std::vector<double> &v, int64_t d0, int64_t d1,
                                    int64_t rest) {
  std::vector<double> out(v.size());
  for (int64_t i = 0; i != d0; ++i)
    for (int64_t j = 0; j != d1; ++j)
      std::copy_n(v.begin() + (i * d1 + j) * rest, rest, out.begin() + (j * d0 + i) * rest);
  return out;
}

bool isFloat(const Tensor *t) { return t && getNumericKind(t->getDType()) == NumericKind::Float; }

std::optional<Tensor> tensorOf(EvalContext &ctx, DType dtype, llvm::ArrayRef<int64_t> shape,
                               const std::vector<double> &values) {
  std::optional<Tensor> t = ctx.allocate(dtype, shape);
  if (t)
    t->setDoubles(0, values);
  return t;
}

//===----------------------------------------------------------------------===//
// torch
//===----------------------------------------------------------------------===//

/// aten.{lstm,gru,rnn_tanh,rnn_relu}.input(input, hx, params, has_biases,
/// num_layers, dropout, train, bidirectional, batch_first): per layer and
/// direction the params are w_ih, w_hh, [b_ih, b_hh,] [w_hr] (LSTM
/// projections); returns (output, h_n[, c_n]).
template <CellKind kind, bool relu = false>
std::optional<EvalResults> atenRecurrent(EvalContext &ctx) {
  const Tensor *input = ctx.tensor("input");
  llvm::SmallVector<const Tensor *, 4> hx = ctx.tensorList("hx");
  llvm::SmallVector<const Tensor *, 4> params = ctx.tensorList("params");
  bool hasBiases = ctx.getInt("has_biases", 1) != 0;
  int64_t layers = ctx.getInt("num_layers", 1);
  double dropout = ctx.getFloat("dropout", 0);
  bool train = ctx.getInt("train", 0) != 0;
  int64_t dirs = ctx.getInt("bidirectional", 0) != 0 ? 2 : 1;
  bool batchFirst = ctx.getInt("batch_first", 0) != 0;
  bool hasCell = kind == CellKind::Lstm;
  if (ctx.hasFailed() || !isFloat(input) || input->getRank() != 3 ||
      hx.size() != (hasCell ? 2u : 1u) || layers < 1 || (train && dropout > 0 && layers > 1))
    return ctx.fail();
  size_t perDirection = hasBiases ? 4 : 2;
  bool projected = hasCell && params.size() == size_t(layers * dirs) * (perDirection + 1);
  if (projected)
    ++perDirection;
  if (params.size() != size_t(layers * dirs) * perDirection ||
      !llvm::all_of(params, isFloat) || !llvm::all_of(hx, isFloat))
    return ctx.fail();
  int64_t gates = numGates(kind);
  const Tensor &whh0 = *params[1];
  if (whh0.getRank() != 2 || whh0.getShape()[0] % gates != 0)
    return ctx.fail();
  int64_t hidden = whh0.getShape()[0] / gates, stateSize = whh0.getShape()[1];
  int64_t seq = input->getShape()[batchFirst ? 1 : 0], batch = input->getShape()[batchFirst ? 0 : 1];
  static constexpr int64_t lstmOrder[] = {0, 3, 1, 2}, gruOrder[] = {1, 0, 2}, rnnOrder[] = {0};
  llvm::ArrayRef<int64_t> order = kind == CellKind::Lstm  ? llvm::ArrayRef(lstmOrder)
                                  : kind == CellKind::Gru ? llvm::ArrayRef(gruOrder)
                                                          : llvm::ArrayRef(rnnOrder);
  CellConfig cfg{kind, hidden, stateSize, {}, std::nullopt, false, true};
  Activation sigmoid{"Sigmoid"}, tanh{"Tanh"};
  if (kind == CellKind::Rnn)
    cfg.acts = {relu ? Activation{"Relu"} : tanh};
  else
    cfg.acts = {sigmoid, tanh, tanh};

  std::vector<double> h0 = doublesOf(*hx[0]);
  std::vector<double> c0 = hasCell ? doublesOf(*hx[1]) : std::vector<double>();
  if (int64_t(h0.size()) != layers * dirs * batch * stateSize ||
      (hasCell && int64_t(c0.size()) != layers * dirs * batch * hidden))
    return ctx.fail();
  Sequence x{seq, batch, input->getShape()[2], doublesOf(*input)};
  if (batchFirst)
    x.data = swapLeadingDims(x.data, batch, seq, x.features);
  llvm::SmallVector<int64_t, 8> lengths(batch, seq);
  std::vector<double> hN, cN;
  for (int64_t layer = 0; layer != layers; ++layer) {
    Sequence next{seq, batch, dirs * stateSize,
                  std::vector<double>(size_t(seq * batch * dirs * stateSize))};
    for (int64_t d = 0; d != dirs; ++d) {
      size_t base = size_t(layer * dirs + d) * perDirection;
      CellWeights w;
      w.w = reorderGates(doublesOf(*params[base]), order, hidden);
      w.r = reorderGates(doublesOf(*params[base + 1]), order, hidden);
      if (int64_t(w.w.size()) != gates * hidden * x.features ||
          int64_t(w.r.size()) != gates * hidden * stateSize)
        return ctx.fail();
      w.wb.assign(gates * hidden, 0.0);
      w.rb.assign(gates * hidden, 0.0);
      if (hasBiases) {
        w.wb = reorderGates(doublesOf(*params[base + 2]), order, hidden);
        w.rb = reorderGates(doublesOf(*params[base + 3]), order, hidden);
        if (int64_t(w.wb.size()) != gates * hidden || int64_t(w.rb.size()) != gates * hidden)
          return ctx.fail();
      }
      if (projected) {
        w.proj = doublesOf(*params[base + perDirection - 1]);
        if (int64_t(w.proj.size()) != stateSize * hidden)
          return ctx.fail();
      }
      int64_t row = layer * dirs + d;
      std::vector<double> h(h0.begin() + row * batch * stateSize,
                            h0.begin() + (row + 1) * batch * stateSize);
      std::vector<double> c;
      if (hasCell)
        c.assign(c0.begin() + row * batch * hidden, c0.begin() + (row + 1) * batch * hidden);
      Sequence y = runDirection(cfg, w, x, h, c, d == 1, lengths);
      for (int64_t t = 0; t != seq; ++t)
        for (int64_t b = 0; b != batch; ++b)
          std::copy_n(y.at(t, b), stateSize, next.at(t, b) + d * stateSize);
      hN.insert(hN.end(), h.begin(), h.end());
      cN.insert(cN.end(), c.begin(), c.end());
    }
    x = std::move(next);
  }
  if (batchFirst)
    x.data = swapLeadingDims(x.data, seq, batch, x.features);
  DType t = input->getDType();
  EvalResults results;
  Shape outShape = batchFirst ? Shape{batch, seq, x.features} : Shape{seq, batch, x.features};
  for (auto [shape, values] :
       {std::pair{outShape, &x.data}, {Shape{layers * dirs, batch, stateSize}, &hN},
        {Shape{layers * dirs, batch, hidden}, &cN}}) {
    if (results.size() == (hasCell ? 3u : 2u))
      break;
    std::optional<Tensor> r = tensorOf(ctx, t, shape, *values);
    if (!r)
      return std::nullopt;
    results.push_back(std::move(*r));
  }
  return results;
}

//===----------------------------------------------------------------------===//
// ONNX
//===----------------------------------------------------------------------===//

/// onnx.LSTM / GRU / RNN(X, W, R, B, sequence_lens, initial_h[, initial_c,
/// P]) -> (Y, Y_h[, Y_c]).
template <CellKind kind> std::optional<EvalResults> onnxRecurrent(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0), *w = ctx.operand(1), *r = ctx.operand(2);
  if (!isFloat(x) || !isFloat(w) || !isFloat(r) || x->getRank() != 3 || w->getRank() != 3 ||
      r->getRank() != 3)
    return ctx.fail();
  for (unsigned i = 3; i != ctx.getNumOperands(); ++i)
    if (!ctx.isNone(i) && !ctx.operand(i))
      return ctx.fail();
  const ir::Operation &op = ctx.getOp();
  // onnxruntime has no batch-major (layout 1) kernels.
  if (ctx.getInt("layout", 0) != 0)
    return ctx.fail();
  std::string direction = ctx.getString("direction", "forward");
  int64_t dirs = direction == "bidirectional" ? 2 : 1;
  if (direction != "forward" && direction != "reverse" && dirs != 2)
    return ctx.fail();
  int64_t gates = numGates(kind), hidden = r->getShape()[2];
  int64_t seq = x->getShape()[0], batch = x->getShape()[1], in = x->getShape()[2];
  if (ctx.getInt("hidden_size", hidden) != hidden || w->getShape()[0] != dirs ||
      w->getShape()[1] != gates * hidden || w->getShape()[2] != in ||
      r->getShape()[0] != dirs || r->getShape()[1] != gates * hidden)
    return ctx.fail();

  CellConfig cfg{kind, hidden, hidden, {}, std::nullopt, false, false};
  if (const ir::Attribute *a = op.getAttr("clip"); a && !a->isUnit())
    cfg.clip = ctx.getFloat("clip", 0);
  cfg.inputForget = ctx.getInt("input_forget", 0) != 0;
  cfg.linearBeforeReset = ctx.getInt("linear_before_reset", 0) != 0;
  // The functions per direction (f, g, h), defaults by op.
  llvm::SmallVector<std::string, 6> names;
  if (const ir::Attribute *a = op.getAttr("activations"); a && !a->isUnit()) {
    if (a->getKind() != ir::Attribute::Kind::StringList)
      return ctx.fail();
    names.assign(a->getStringList().begin(), a->getStringList().end());
  } else {
    llvm::SmallVector<std::string, 3> one =
        kind == CellKind::Lstm  ? llvm::SmallVector<std::string, 3>{"Sigmoid", "Tanh", "Tanh"}
        : kind == CellKind::Gru ? llvm::SmallVector<std::string, 3>{"Sigmoid", "Tanh"}
                                : llvm::SmallVector<std::string, 3>{"Tanh"};
    for (int64_t d = 0; d != dirs; ++d)
      names.append(one.begin(), one.end());
  }
  auto floatsOf = [&](llvm::StringRef name) -> llvm::ArrayRef<double> {
    const ir::Attribute *a = op.getAttr(name);
    if (a && a->getKind() == ir::Attribute::Kind::FloatList)
      return a->getFloatList();
    return {};
  };
  llvm::ArrayRef<double> alphas = floatsOf("activation_alpha"), betas = floatsOf("activation_beta");
  size_t perDirection = kind == CellKind::Lstm ? 3 : kind == CellKind::Gru ? 2 : 1;
  if (names.size() != perDirection * dirs)
    return ctx.fail();
  llvm::SmallVector<llvm::SmallVector<Activation, 3>, 2> acts(dirs);
  for (auto [i, name] : llvm::enumerate(names)) {
    std::optional<Activation> f = makeActivation(name, alphas, betas);
    if (!f)
      return ctx.fail();
    acts[i / perDirection].push_back(*f);
  }

  Sequence xs{seq, batch, in, doublesOf(*x)};
  llvm::SmallVector<int64_t, 8> lengths(batch, seq);
  if (const Tensor *lens = ctx.operand(4)) {
    if (lens->getNumElements() != batch)
      return ctx.fail();
    for (int64_t b = 0; b != batch; ++b) {
      lengths[b] = lens->getInt(b);
      if (lengths[b] < 0 || lengths[b] > seq)
        return ctx.fail();
    }
  }
  // Initial states [dirs, batch, hidden].
  auto initialState = [&](unsigned i) -> std::optional<std::vector<double>> {
    const Tensor *s = ctx.operand(i);
    if (!s)
      return std::vector<double>(size_t(dirs * batch * hidden), 0.0);
    if (!isFloat(s) || s->getNumElements() != dirs * batch * hidden)
      return std::nullopt;
    return doublesOf(*s);
  };
  std::optional<std::vector<double>> h0 = initialState(5);
  std::optional<std::vector<double>> c0 =
      kind == CellKind::Lstm ? initialState(6) : std::vector<double>();
  if (!h0 || !c0)
    return ctx.fail();
  const Tensor *bias = ctx.operand(3);
  const Tensor *peep = kind == CellKind::Lstm ? ctx.operand(7) : nullptr;
  if ((bias && bias->getNumElements() != dirs * 2 * gates * hidden) ||
      (peep && peep->getNumElements() != dirs * 3 * hidden))
    return ctx.fail();
  std::vector<double> wAll = doublesOf(*w), rAll = doublesOf(*r);
  std::vector<double> bAll = bias ? doublesOf(*bias) : std::vector<double>();
  std::vector<double> pAll = peep ? doublesOf(*peep) : std::vector<double>();

  int64_t gh = gates * hidden;
  std::vector<double> y(size_t(seq * dirs * batch * hidden)), hN, cN;
  for (int64_t d = 0; d != dirs; ++d) {
    CellWeights cw;
    cw.w.assign(wAll.begin() + d * gh * in, wAll.begin() + (d + 1) * gh * in);
    cw.r.assign(rAll.begin() + d * gh * hidden, rAll.begin() + (d + 1) * gh * hidden);
    cw.wb.assign(gh, 0.0);
    cw.rb.assign(gh, 0.0);
    if (bias) {
      cw.wb.assign(bAll.begin() + d * 2 * gh, bAll.begin() + d * 2 * gh + gh);
      cw.rb.assign(bAll.begin() + d * 2 * gh + gh, bAll.begin() + (d + 1) * 2 * gh);
    }
    if (peep)
      cw.peep.assign(pAll.begin() + d * 3 * hidden, pAll.begin() + (d + 1) * 3 * hidden);
    cfg.acts = acts[d];
    std::vector<double> h(h0->begin() + d * batch * hidden, h0->begin() + (d + 1) * batch * hidden);
    std::vector<double> c;
    if (kind == CellKind::Lstm)
      c.assign(c0->begin() + d * batch * hidden, c0->begin() + (d + 1) * batch * hidden);
    bool reverse = direction == "reverse" || d == 1;
    Sequence yd = runDirection(cfg, cw, xs, h, c, reverse, lengths);
    for (int64_t t = 0; t != seq; ++t)
      for (int64_t b = 0; b != batch; ++b)
        std::copy_n(yd.at(t, b), hidden, y.begin() + ((t * dirs + d) * batch + b) * hidden);
    hN.insert(hN.end(), h.begin(), h.end());
    cN.insert(cN.end(), c.begin(), c.end());
  }

  DType t = x->getDType();
  Shape yShape{seq, dirs, batch, hidden}, stateShape{dirs, batch, hidden};
  EvalResults results;
  std::pair<Shape, std::vector<double> *> outs[] = {{yShape, &y}, {stateShape, &hN},
                                                    {stateShape, &cN}};
  if (op.getNumResults() > (kind == CellKind::Lstm ? 3u : 2u))
    return ctx.fail();
  for (unsigned i = 0; i != op.getNumResults(); ++i) {
    std::optional<Tensor> v = tensorOf(ctx, t, outs[i].first, *outs[i].second);
    if (!v)
      return std::nullopt;
    results.push_back(std::move(*v));
  }
  return results;
}

} // namespace

void registerRecurrentRules(EvalRegistry &r) {
  r.addUnfoldable("onnx.GRU", onnxRecurrent<CellKind::Gru>);
  r.addUnfoldable("onnx.LSTM", onnxRecurrent<CellKind::Lstm>);
  r.addUnfoldable("onnx.RNN", onnxRecurrent<CellKind::Rnn>);

  r.addUnfoldable("aten.gru.input", atenRecurrent<CellKind::Gru>);
  r.addUnfoldable("aten.lstm.input", atenRecurrent<CellKind::Lstm>);
  r.addUnfoldable("aten.rnn_relu.input", atenRecurrent<CellKind::Rnn, true>);
  r.addUnfoldable("aten.rnn_tanh.input", atenRecurrent<CellKind::Rnn>);
}

} // namespace pt2onnx::passes::eval
