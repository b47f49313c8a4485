//===- rnn.cpp - Recurrent layers as ONNX LSTM / GRU / RNN -------------------------===//
//
// torch's fused recurrent ops take every layer's weights in one flat list
// (per layer, per direction: w_ih, w_hh, then b_ih, b_hh with biases) and
// return the last layer's output sequence plus the final states of all
// layers. Each layer becomes one ONNX op (both directions in one), fed the
// previous layer's output. Two conventions differ:
//   * gate order: torch stacks LSTM gates as (i, f, g, o) and GRU gates as
//     (r, z, n); ONNX wants (i, o, f, c) and (z, r, h), so weight rows are
//     regathered;
//   * layout: ONNX's Y is [seq, dirs, batch, hidden]; torch's output is
//     [seq, batch, dirs * hidden] (batch first when batch_first).
// GRU uses linear_before_reset = 1, which is torch's formula for n.
//
// An LSTM with projections (proj_size > 0: h = W_hr (o * tanh(c)), of
// proj_size features while c keeps hidden_size) has no ONNX op: each layer
// and direction is a Scan over the sequence computing torch's cell.
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::lowering {
namespace {

using ir::Attribute;
using ir::Dim;
using ir::DType;
using ir::Value;

struct RnnKind {
  llvm::StringRef onnxOp;
  /// For each ONNX gate, the torch gate whose rows it takes.
  llvm::ArrayRef<int64_t> gateOrder;
  bool hasCell;
};

/// `w` ([gates * hidden, ...]) with its gate blocks in ONNX order.
Value *reorderGates(OnnxBuilder &b, Value *w, const RnnKind &kind, int64_t hidden) {
  llvm::SmallVector<int64_t, 16> rows;
  for (int64_t g : kind.gateOrder)
    for (int64_t r = 0; r < hidden; ++r)
      rows.push_back(g * hidden + r);
  return b.gather(w, b.i64s(rows), 0);
}

/// The weights of one layer and direction of a projected LSTM, in the
/// input's dtype: w_ih [4H, in], w_hh [4H, P], the summed biases [4H] (or
/// null), w_hr [P, H].
struct ProjectedWeights {
  Value *wih, *whh, *bias, *whr;
};

/// One direction of one projected LSTM layer over `x` [seq, batch, in], from
/// the states h0 [batch, P] and c0 [batch, H]: returns (y [seq, batch, P],
/// h_n, c_n). torch's gate order is (i, f, g, o).
ValueList emitProjectedLstmDirection(OnnxBuilder &b, Value *x, const ProjectedWeights &w,
                                     Value *h0, Value *c0, bool reverse, int64_t hidden,
                                     int64_t proj) {
  DType t = x->getType().getDType();
  Dim seq = x->getType().getShape()[0], batch = x->getType().getShape()[1];
  // The input's part of every step at once: x W_ih^T (+ b_ih + b_hh).
  Value *wihT = b.transpose(w.wih, {1, 0});
  Value *xw = b.matmul(x, wihT);
  if (w.bias)
    xw = b.binary("Add", xw, w.bias);
  Value *whhT = b.transpose(w.whh, {1, 0});
  Value *whrT = b.transpose(w.whr, {1, 0});
  ir::Type gateType = ir::Type::tensor(t, {batch, Dim(hidden)});
  ir::Type yType = ir::Type::tensor(t, {seq, batch, Dim(proj)});
  auto step = [&](llvm::ArrayRef<Value *> states,
                  llvm::ArrayRef<Value *> slices) -> llvm::SmallVector<Value *, 4> {
    Value *recurrent = b.matmul(states[0], whhT);
    Value *gates = b.binary("Add", slices[0], recurrent);
    auto gate = [&](int64_t k) {
      Value *start = b.i64s({k * hidden});
      Value *end = b.i64s({(k + 1) * hidden});
      Value *axis = b.i64s({1});
      return b.slice(gates, start, end, axis, nullptr, gateType);
    };
    Value *in = b.unary("Sigmoid", gate(0));
    Value *forget = b.unary("Sigmoid", gate(1));
    Value *cell = b.unary("Tanh", gate(2));
    Value *out = b.unary("Sigmoid", gate(3));
    Value *kept = b.binary("Mul", forget, states[1]);
    Value *added = b.binary("Mul", in, cell);
    Value *c = b.binary("Add", kept, added);
    Value *squashed = b.unary("Tanh", c);
    Value *unprojected = b.binary("Mul", out, squashed);
    Value *h = b.matmul(unprojected, whrT);
    return {h, c, h};
  };
  llvm::SmallVector<Value *, 4> r = b.scan({h0, c0}, {xw}, 0, reverse, {yType}, step);
  return {r[2], r[0], r[1]};
}

/// aten.lstm.input with proj_size > 0: per layer and direction, the weights
/// are (w_ih, w_hh, [b_ih, b_hh,] w_hr), h0 is [layers * dirs, batch, P] and
/// c0 [layers * dirs, batch, H].
ValueList lowerProjectedLstm(RuleContext &ctx, Value *x, llvm::ArrayRef<Value *> hx,
                             llvm::ArrayRef<Value *> params, bool hasBiases, int64_t layers,
                             int64_t dirs, bool batchFirst) {
  OnnxBuilder &b = ctx.b;
  size_t perDirection = hasBiases ? 5 : 3;
  const ir::Type &whr = params[perDirection - 1]->getType();
  if (!whr.hasStaticShape() || whr.getRank() != 2)
    return ctx.fail("recurrent weights need static shapes");
  int64_t proj = whr.getShape()[0].getSize(), hidden = whr.getShape()[1].getSize();
  DType t = x->getType().getDType();
  if (batchFirst)
    x = b.transpose(x, {1, 0, 2});
  Value *h0 = b.cast(hx[0], t);
  Value *c0 = b.cast(hx[1], t);
  ValueList finalH, finalC;
  for (int64_t layer = 0; layer < layers; ++layer) {
    ValueList ys;
    for (int64_t d = 0; d < dirs; ++d) {
      size_t base = size_t(layer * dirs + d) * perDirection;
      ProjectedWeights w{b.cast(params[base], t), b.cast(params[base + 1], t), nullptr,
                         b.cast(params[base + perDirection - 1], t)};
      if (hasBiases) {
        Value *bih = b.cast(params[base + 2], t);
        Value *bhh = b.cast(params[base + 3], t);
        w.bias = b.binary("Add", bih, bhh);
      }
      Value *row = b.i64(layer * dirs + d);
      Value *h = b.gather(h0, row, 0);
      Value *c = b.gather(c0, row, 0);
      ValueList r = emitProjectedLstmDirection(b, x, w, h, c, d == 1, hidden, proj);
      ys.push_back(r[0]);
      finalH.push_back(b.unsqueeze(r[1], {0}));
      finalC.push_back(b.unsqueeze(r[2], {0}));
    }
    x = ys.size() == 1 ? ys[0] : b.concat(ys, 2);
  }
  Value *output = batchFirst ? b.transpose(x, {1, 0, 2}) : x;
  output->setType(ctx.resultType(0));
  Value *hn = b.concat(finalH, 0);
  Value *cn = b.concat(finalC, 0);
  return {output, hn, cn};
}

ValueList lowerRecurrent(RuleContext &ctx, const RnnKind &kind, llvm::StringRef activation) {
  OnnxBuilder &b = ctx.b;
  Value *x = ctx.tensor("input");
  ValueList hx = ctx.tensorList("hx");
  ValueList params = ctx.tensorList("params");
  bool hasBiases = ctx.getBool("has_biases");
  int64_t layers = ctx.getInt("num_layers");
  double dropout = ctx.getFloat("dropout");
  bool train = ctx.getBool("train");
  bool bidirectional = ctx.getBool("bidirectional");
  bool batchFirst = ctx.getBool("batch_first");
  int64_t dirs = bidirectional ? 2 : 1;
  size_t perDirection = hasBiases ? 4 : 2;
  if (train && dropout > 0 && layers > 1)
    return ctx.fail("dropout between recurrent layers in training mode is not supported");
  if (hx.size() != (kind.hasCell ? 2u : 1u))
    return ctx.fail("unexpected number of initial states");
  if (ctx.rankOf(x) != 3)
    return ctx.fail("recurrent layers need batched 3-D input");
  // An LSTM's weights per layer and direction with projections: one more.
  if (kind.hasCell && params.size() == size_t(layers * dirs) * (perDirection + 1))
    return lowerProjectedLstm(ctx, x, hx, params, hasBiases, layers, dirs, batchFirst);
  if (params.size() != size_t(layers * dirs) * perDirection)
    return ctx.fail("unexpected number of weights");
  const ir::Type &w0 = params[1]->getType();
  if (!w0.hasStaticShape() || w0.getRank() != 2)
    return ctx.fail("recurrent weights need static shapes");
  int64_t hidden = w0.getShape()[1].getSize();
  DType t = x->getType().getDType();

  if (batchFirst)
    x = b.transpose(x, {1, 0, 2});
  Dim seq = x->getType().getShape()[0], batch = x->getType().getShape()[1];
  ValueList finalH, finalC;
  for (int64_t layer = 0; layer < layers; ++layer) {
    ValueList ws, rs, bs;
    for (int64_t d = 0; d < dirs; ++d) {
      size_t base = size_t(layer * dirs + d) * perDirection;
      ws.push_back(b.unsqueeze(reorderGates(b, b.cast(params[base], t), kind, hidden), {0}));
      rs.push_back(b.unsqueeze(reorderGates(b, b.cast(params[base + 1], t), kind, hidden), {0}));
      if (hasBiases) {
        Value *bias = b.concat({reorderGates(b, b.cast(params[base + 2], t), kind, hidden),
                                reorderGates(b, b.cast(params[base + 3], t), kind, hidden)},
                               0);
        bs.push_back(b.unsqueeze(bias, {0}));
      }
    }
    // This layer's initial states: rows [layer * dirs, (layer + 1) * dirs).
    auto initial = [&](Value *state) {
      ir::Type type = ir::Type::tensor(t, {Dim(dirs), batch, Dim(hidden)});
      return b.slice(b.cast(state, t), b.i64s({layer * dirs}), b.i64s({(layer + 1) * dirs}),
                     b.i64s({0}), nullptr, type);
    };
    llvm::SmallVector<Value *, 8> operands{
        x,        b.concat(ws, 0), b.concat(rs, 0), hasBiases ? b.concat(bs, 0) : b.none(),
        b.none(), initial(hx[0])};
    if (kind.hasCell)
      operands.push_back(initial(hx[1]));
    ir::Type yType = ir::Type::tensor(t, {seq, Dim(dirs), batch, Dim(hidden)});
    ir::Type stateType = ir::Type::tensor(t, {Dim(dirs), batch, Dim(hidden)});
    llvm::SmallVector<ir::Type, 3> types{yType, stateType};
    if (kind.hasCell)
      types.push_back(stateType);
    llvm::SmallVector<ir::NamedAttribute, 4> attrs{
        {"direction", Attribute::string(bidirectional ? "bidirectional" : "forward")},
        {"hidden_size", Attribute::integer(hidden)}};
    if (kind.onnxOp == "GRU")
      attrs.push_back({"linear_before_reset", Attribute::integer(1)});
    if (!activation.empty())
      attrs.push_back({"activations", Attribute::stringList(llvm::SmallVector<std::string, 2>(
                                          size_t(dirs), activation.str()))});
    ir::Operation *op = b.create(kind.onnxOp, operands, types, attrs);
    // [seq, dirs, batch, hidden] -> [seq, batch, dirs * hidden]
    Value *y = b.transpose(op->getResult(0), {0, 2, 1, 3});
    x = b.reshape(y, {0, 0, -1});
    finalH.push_back(op->getResult(1));
    if (kind.hasCell)
      finalC.push_back(op->getResult(2));
  }
  Value *output = batchFirst ? b.transpose(x, {1, 0, 2}) : x;
  output->setType(ctx.resultType(0));
  // The states keep their inferred [layers * dirs, batch, hidden] (the
  // importer repairs the wrong rank torch 2.6 archives record for them).
  ValueList results{output, b.concat(finalH, 0)};
  if (kind.hasCell)
    results.push_back(b.concat(finalC, 0));
  return results;
}

constexpr int64_t kLstmOrder[] = {0, 3, 1, 2}; // i, o, f, g
constexpr int64_t kGruOrder[] = {1, 0, 2};     // z, r, n
constexpr int64_t kRnnOrder[] = {0};

// aten.lstm.input(input, hx, params, has_biases, num_layers, dropout, train,
// bidirectional, batch_first) -> (output, h_n, c_n)
ValueList lowerLstm(RuleContext &ctx) {
  return lowerRecurrent(ctx, {"LSTM", kLstmOrder, true}, "");
}
// aten.gru.input(...) -> (output, h_n)
ValueList lowerGru(RuleContext &ctx) { return lowerRecurrent(ctx, {"GRU", kGruOrder, false}, ""); }
// aten.rnn_tanh.input(...) -> (output, h_n)
ValueList lowerRnnTanh(RuleContext &ctx) {
  return lowerRecurrent(ctx, {"RNN", kRnnOrder, false}, "Tanh");
}
// aten.rnn_relu.input(...) -> (output, h_n)
ValueList lowerRnnRelu(RuleContext &ctx) {
  return lowerRecurrent(ctx, {"RNN", kRnnOrder, false}, "Relu");
}

} // namespace

void registerRnnLowerings(LoweringRegistry &r) {
  r.add("aten.lstm.input", lowerLstm);
  r.add("aten.gru.input", lowerGru);
  r.add("aten.rnn_tanh.input", lowerRnnTanh);
  r.add("aten.rnn_relu.input", lowerRnnRelu);
}

} // namespace pt2onnx::lowering
