import { generate } from "../recommend/synthetic.js";
const [users, items, ratings] = process.argv.slice(2).map(Number);
const d = generate({ users: users!, items: items!, ratings: ratings!, rank: 8, seed: 7 });
const pu = new Int32Array(users!), pm = new Int32Array(items!);
for (let e = 0; e < d.values.length; e++) { pu[d.users[e]!]!++; pm[d.items[e]!]!++; }
const su = Array.from(pu).sort((a, b) => a - b), sm = Array.from(pm).sort((a, b) => b - a);
const top = sm.slice(0, Math.ceil(items! / 10)).reduce((a, b) => a + b, 0);
console.log({ n: d.values.length, userMedian: su[su.length >> 1], userMean: d.values.length / users!, userMax: su.at(-1), itemMedian: sm[sm.length >> 1], top10share: top / d.values.length, zeroItems: sm.filter(x => x === 0).length });
const hist = new Map<number, number>(); for (const v of d.values) hist.set(v, (hist.get(v) ?? 0) + 1); console.log([...hist].sort((a,b)=>a[0]-b[0]).map(([k,v])=>`${k}:${(v/d.values.length*100).toFixed(1)}%`).join(" "));
