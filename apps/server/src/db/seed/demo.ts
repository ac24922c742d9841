// The demo catalogue (DESIGN §3.12): product types, 24 products with pictures drawn here with
// sharp (no downloads), 4 more sold in colours and in their own size scales (ADR 036: letters,
// numbers, ages, one size) with a picture per colour, the custom-order items, a welcome coupon and
// a few brand reviews; names
// and descriptions in French and in Modern Standard Arabic (the /ar storefront shows those). Runs only
// on an empty products table, so a restart or a shop with real data is never touched.
import sharp from 'sharp';
import { finalPriceCentimes } from '@shop/domain/pricing';
import { productSearchText } from '@shop/domain/search-text';
import { SIZES, type Size } from '@shop/domain/sizes';
import { colorSlug, type SizeScale } from '@shop/domain/variants';
import type { Config } from '../../config.ts';
import type { Db } from '../connect.ts';
import { holdSeedingLock } from './seeding-lock.ts';
import { demoStopDeskFee } from './wilayas.ts';
import { createImageStorage, type ImageStorage } from '../../modules/media/image-storage.ts';
import {
  deleteImageFiles,
  storePreparedImage,
  type PreparedImage,
  type StoredImage,
} from '../../modules/media/media.service.ts';

type Kind = 'tshirt' | 'hoodie' | 'pants' | 'care';

interface DemoProduct {
  name: string;
  description: string;
  /** Their Modern Standard Arabic, shown on /ar. */
  nameAr: string;
  descriptionAr: string;
  price: number;
  discount?: number;
  /** Stock per size S, M, L, XL, XXL for clothing; a single number for body care. */
  stock: readonly [number, number, number, number, number] | number;
  /** Garment or bottle colour, then the canvas colours of the extra pictures. */
  colors: readonly string[];
}

/** A demo product sold in colours (ADR 036): its scale, sizes and each colour's stock per size. */
interface DemoVariantProduct {
  kind: Kind;
  name: string;
  description: string;
  nameAr: string;
  descriptionAr: string;
  price: number;
  scale: SizeScale;
  /** The scale's size keys, in order. */
  sizes: readonly string[];
  /** Each colour: its names, swatch (the garment's colour in its picture) and stock per size. */
  colors: readonly { name: string; nameAr: string; swatch: string; stock: readonly number[] }[];
}

/**
 * Sold in colours: the oldest of the demo, so that the lists' first products stay the spec's
 * (sized by letters, without colours).
 */
const VARIANT_PRODUCTS: readonly DemoVariantProduct[] = [
  {
    kind: 'tshirt',
    name: 'T-shirt Été Coton Bio',
    description: 'Coton bio léger, coupe droite, en trois couleurs pour l’été.',
    nameAr: 'تي شيرت صيفي من القطن العضوي',
    descriptionAr: 'قطن عضوي خفيف بقصّة مستقيمة، بثلاثة ألوان للصيف.',
    price: 1600,
    scale: 'letters',
    sizes: SIZES,
    colors: [
      { name: 'Rouge', nameAr: 'أحمر', swatch: '#c0392b', stock: [2, 5, 4, 1, 0] },
      { name: 'Bleu', nameAr: 'أزرق', swatch: '#2e86c1', stock: [0, 3, 6, 2, 1] },
      { name: 'Blanc', nameAr: 'أبيض', swatch: '#f5f5f5', stock: [4, 4, 0, 3, 2] },
    ],
  },
  {
    kind: 'pants',
    name: 'Jean Slim Stretch',
    description: 'Denim stretch confortable, coupe slim, tailles 36 à 44.',
    nameAr: 'جينز ضيّق مرن',
    descriptionAr: 'دنيم مرن ومريح بقصّة ضيّقة، المقاسات من 36 إلى 44.',
    price: 3900,
    scale: 'numbers',
    sizes: ['36', '38', '40', '42', '44'],
    colors: [
      { name: 'Bleu brut', nameAr: 'أزرق داكن', swatch: '#1f3a5f', stock: [2, 4, 5, 3, 1] },
      { name: 'Noir', nameAr: 'أسود', swatch: '#1f1f1f', stock: [1, 3, 0, 2, 2] },
    ],
  },
  {
    kind: 'hoodie',
    name: 'Ensemble Jogging Enfant',
    description: 'Sweat et pantalon en molleton doux pour les enfants de 2 à 8 ans.',
    nameAr: 'طقم رياضي للأطفال',
    descriptionAr: 'كنزة وسروال من القطن الناعم للأطفال من سنتين إلى 8 سنوات.',
    price: 2800,
    scale: 'ages',
    sizes: ['2a', '4a', '6a', '8a'],
    colors: [
      { name: 'Gris', nameAr: 'رمادي', swatch: '#9aa0a6', stock: [3, 4, 2, 0] },
      { name: 'Rose', nameAr: 'وردي', swatch: '#e88fb0', stock: [2, 0, 3, 1] },
    ],
  },
  {
    kind: 'hoodie',
    name: 'Sweat Oversize Taille Unique',
    description: 'Sweat ample en taille unique, molleton gratté, trois coloris.',
    nameAr: 'كنزة واسعة بمقاس واحد',
    descriptionAr: 'كنزة واسعة بمقاس واحد من القطن الدافئ، بثلاثة ألوان.',
    price: 3200,
    scale: 'one',
    sizes: ['TU'],
    colors: [
      { name: 'Beige', nameAr: 'بيج', swatch: '#d8c3a5', stock: [6] },
      { name: 'Kaki', nameAr: 'كاكي', swatch: '#6b705c', stock: [4] },
      { name: 'Noir', nameAr: 'أسود', swatch: '#1f1f1f', stock: [0] },
    ],
  },
];

const TYPES: { kind: Kind; name: string; description: string; nameAr: string; descriptionAr: string }[] = [
  {
    kind: 'tshirt',
    name: 'T-shirts',
    description: 'T-shirts en coton pour tous les jours',
    nameAr: 'تي شيرتات',
    descriptionAr: 'تي شيرتات قطنية للاستعمال اليومي',
  },
  {
    kind: 'hoodie',
    name: 'Hoodies',
    description: 'Sweats à capuche chauds et confortables',
    nameAr: 'كنزات بقلنسوة',
    descriptionAr: 'كنزات دافئة ومريحة بقلنسوة',
  },
  {
    kind: 'pants',
    name: 'Pantalons',
    description: 'Jeans, chinos et pantalons de jogging',
    nameAr: 'سراويل',
    descriptionAr: 'سراويل جينز وتشينو وسراويل رياضية',
  },
  {
    kind: 'care',
    name: 'Soins du corps',
    description: 'Crèmes, huiles et savons pour le soin du corps',
    nameAr: 'العناية بالجسم',
    descriptionAr: 'كريمات وزيوت وصابون للعناية بالجسم',
  },
];

const PRODUCTS: Record<Kind, DemoProduct[]> = {
  tshirt: [
    {
      name: 'T-shirt Essentiel Blanc',
      description: 'T-shirt col rond en coton peigné 180 g, coupe droite, idéal au quotidien.',
      nameAr: 'تي شيرت أساسي أبيض',
      descriptionAr: 'تي شيرت بياقة دائرية من القطن الممشّط (180 غ)، بقصّة مستقيمة، مثالي للاستعمال اليومي.',
      price: 1200,
      stock: [8, 15, 12, 6, 3],
      colors: ['#f5f5f5', '#dfe7ef', '#c9d6e3'],
    },
    {
      name: 'T-shirt Oversize Noir',
      description: 'Coupe ample et épaules tombantes, coton épais qui garde sa forme au lavage.',
      nameAr: 'تي شيرت واسع أسود',
      descriptionAr: 'قصّة واسعة وأكتاف منسدلة، من قطن سميك يحافظ على شكله بعد الغسل.',
      price: 1800,
      discount: 20,
      stock: [0, 7, 9, 4, 2],
      colors: ['#1f1f1f', '#e8e2d6'],
    },
    {
      name: 'T-shirt Casbah Imprimé',
      description: 'Imprimé inspiré des ruelles de la Casbah d’Alger, encres à base d’eau.',
      nameAr: 'تي شيرت القصبة المطبوع',
      descriptionAr: 'طبعة مستوحاة من أزقّة قصبة الجزائر، بأحبار مائية.',
      price: 2200,
      stock: [3, 5, 5, 2, 0],
      colors: ['#c0392b', '#f3e0c7', '#f7d9a8'],
    },
    {
      name: 'T-shirt Col V Bleu Marine',
      description: 'Col en V discret, tissu doux et respirant pour les journées chaudes.',
      nameAr: 'تي شيرت بياقة مثلّثة أزرق كحلي',
      descriptionAr: 'ياقة مثلّثة بتصميم بسيط، وقماش ناعم يسمح بمرور الهواء في الأيام الحارّة.',
      price: 1400,
      discount: 10,
      stock: [10, 12, 8, 5, 4],
      colors: ['#1b2a4a', '#d7e3f4'],
    },
    {
      name: 'T-shirt Sport Respirant',
      description: 'Maille technique à séchage rapide, parfaite pour la salle ou la course.',
      nameAr: 'تي شيرت رياضي جيّد التهوية',
      descriptionAr: 'نسيج تقني سريع الجفاف، مثالي لقاعة الرياضة أو الجري.',
      price: 1600,
      stock: [6, 9, 0, 3, 1],
      colors: ['#27ae60', '#e3f5ea'],
    },
    {
      name: 'T-shirt Manches Longues Beige',
      description: 'Manches longues en coton flammé, un basique pour la mi-saison.',
      nameAr: 'تي شيرت بأكمام طويلة بيج',
      descriptionAr: 'أكمام طويلة من القطن المحبَّب، قطعة أساسية لفصلَي الربيع والخريف.',
      price: 1900,
      discount: 15,
      stock: [4, 6, 6, 2, 0],
      colors: ['#cbb08b', '#f4ede2', '#e6d5bb'],
    },
    {
      name: 'Polo Piqué Vert Olive',
      description: 'Polo en maille piquée, col côtelé et patte de boutonnage trois boutons.',
      nameAr: 'قميص بولو بيكيه أخضر زيتوني',
      descriptionAr: 'قميص بولو من نسيج البيكيه، بياقة مضلّعة وفتحة بثلاثة أزرار.',
      price: 2600,
      stock: [2, 8, 10, 7, 5],
      colors: ['#6b7a3a', '#eef0df'],
    },
    {
      name: 'T-shirt Rayé Marinière',
      description: 'Rayures bleu et blanc, coton bio, un classique intemporel.',
      nameAr: 'تي شيرت بحري مخطّط',
      descriptionAr: 'خطوط زرقاء وبيضاء من القطن العضوي، قطعة كلاسيكية لا يبلى طرازها.',
      price: 2100,
      discount: 30,
      stock: [5, 0, 4, 1, 2],
      colors: ['#2c3e88', '#f0f3fb'],
    },
  ],
  hoodie: [
    {
      name: 'Hoodie Classique Gris Chiné',
      description: 'Molleton gratté 320 g, capuche doublée et poche kangourou.',
      nameAr: 'كنزة كلاسيكية بقلنسوة رمادي مبرقش',
      descriptionAr: 'قماش صوفي مخمليّ (320 غ)، بقلنسوة مبطّنة وجيب أمامي كبير.',
      price: 3900,
      stock: [5, 10, 8, 6, 2],
      colors: ['#9ea3a8', '#eceff1', '#d5d9dc'],
    },
    {
      name: 'Hoodie Zippé Noir',
      description: 'Fermeture éclair métal, bords côtes et cordon plat.',
      nameAr: 'كنزة بقلنسوة وسحّاب أسود',
      descriptionAr: 'سحّاب معدني، وحواف مضلّعة، ورباط مسطّح للقلنسوة.',
      price: 4500,
      discount: 25,
      stock: [0, 4, 5, 3, 1],
      colors: ['#222222', '#e9e4dc'],
    },
    {
      name: 'Hoodie Sahara Sable',
      description: 'Teinte sable du désert, coupe décontractée, coton et polyester recyclé.',
      nameAr: 'كنزة بقلنسوة بلون رمال الصحراء',
      descriptionAr: 'بلون رمال الصحراء وبقصّة مريحة، من القطن والبوليستر المعاد تدويره.',
      price: 4200,
      stock: [3, 6, 7, 4, 0],
      colors: ['#d9b98a', '#fbf3e4', '#f0dcc0'],
    },
    {
      name: 'Sweat Col Rond Bordeaux',
      description: 'Sweat sans capuche, intérieur doux, parfait sous une veste.',
      nameAr: 'كنزة بياقة دائرية عنّابي',
      descriptionAr: 'كنزة دون قلنسوة، ناعمة من الداخل، مثالية تحت السترة.',
      price: 3200,
      discount: 10,
      stock: [6, 8, 8, 5, 3],
      colors: ['#7b1e2e', '#f6e6e9'],
    },
    {
      name: 'Hoodie Enfant Bleu Ciel',
      description: 'Taille petite, molleton léger pour les sorties fraîches.',
      nameAr: 'كنزة أطفال بقلنسوة أزرق سماوي',
      descriptionAr: 'مقاس صغير، من قماش صوفي خفيف للنزهات الباردة.',
      price: 2800,
      stock: [9, 7, 4, 0, 0],
      colors: ['#7fb3e0', '#eaf4fc'],
    },
    {
      name: 'Hoodie Brodé Kabyle',
      description: 'Broderie aux motifs berbères sur la poitrine, édition limitée.',
      nameAr: 'كنزة بقلنسوة بتطريز قبائلي',
      descriptionAr: 'تطريز بزخارف أمازيغية على الصدر، إصدار محدود.',
      price: 4900,
      discount: 40,
      stock: [1, 3, 2, 2, 1],
      colors: ['#e67e22', '#fdf0e2', '#f7d6b3'],
    },
  ],
  pants: [
    {
      name: 'Jean Slim Brut',
      description: 'Denim stretch 12 oz, coupe slim, cinq poches.',
      nameAr: 'جينز ضيّق خام',
      descriptionAr: 'قماش دنيم مطّاطي (12 أونصة)، بقصّة ضيّقة وخمسة جيوب.',
      price: 3800,
      stock: [4, 9, 11, 6, 2],
      colors: ['#2d4a73', '#e4ebf4', '#c8d6e8'],
    },
    {
      name: 'Chino Beige',
      description: 'Sergé de coton léger, coupe droite, pour le bureau comme le week-end.',
      nameAr: 'سروال تشينو بيج',
      descriptionAr: 'قماش قطني خفيف بنسج مائل، بقصّة مستقيمة، للعمل كما لعطلة نهاية الأسبوع.',
      price: 3400,
      discount: 15,
      stock: [3, 6, 6, 0, 1],
      colors: ['#c8a97e', '#f6efe4'],
    },
    {
      name: 'Jogging Molleton Gris',
      description: 'Taille élastiquée avec cordon, chevilles resserrées, poches zippées.',
      nameAr: 'سروال رياضي صوفي رمادي',
      descriptionAr: 'خصر مطّاطي برباط، وأطراف مضمومة عند الكاحل، وجيوب بسحّاب.',
      price: 2500,
      stock: [8, 12, 10, 5, 4],
      colors: ['#8a8f94', '#eef0f2'],
    },
    {
      name: 'Pantalon Cargo Kaki',
      description: 'Poches à rabat sur les côtés, toile robuste et résistante.',
      nameAr: 'سروال كارغو كاكي',
      descriptionAr: 'جيوب جانبية بأغطية، من قماش متين ومقاوم.',
      price: 4100,
      discount: 20,
      stock: [0, 2, 5, 3, 0],
      colors: ['#5f6b3c', '#eef0e2', '#d9dfc3'],
    },
    {
      name: 'Short en Lin Blanc',
      description: 'Lin lavé, léger et frais pour l’été au bord de la mer.',
      nameAr: 'شورت من الكتّان أبيض',
      descriptionAr: 'كتّان مغسول، خفيف ومنعش لأيّام الصيف على شاطئ البحر.',
      price: 2300,
      stock: [5, 5, 4, 2, 0],
      colors: ['#f2efe6', '#d8e6ea'],
    },
  ],
  care: [
    {
      name: 'Crème Hydratante à l’Argan',
      description: 'Nourrit et adoucit la peau sèche grâce à l’huile d’argan pure.',
      nameAr: 'كريم مرطّب بزيت الأرغان',
      descriptionAr: 'يغذّي البشرة الجافة ويليّنها بفضل زيت الأرغان الصافي.',
      price: 1500,
      stock: 24,
      colors: ['#d4a017', '#fbf4dc'],
    },
    {
      name: 'Savon Noir Beldi',
      description: 'Savon traditionnel à l’huile d’olive pour le hammam, exfoliant naturel.',
      nameAr: 'الصابون الأسود البلدي',
      descriptionAr: 'صابون تقليدي بزيت الزيتون للحمّام، مقشّر طبيعي.',
      price: 800,
      discount: 10,
      stock: 40,
      colors: ['#3b2f2f', '#efe7dc', '#d9c9b3'],
    },
    {
      name: 'Huile de Figue de Barbarie',
      description: 'Huile précieuse pressée à froid, anti-âge, flacon de 30 ml.',
      nameAr: 'زيت التين الشوكي',
      descriptionAr: 'زيت ثمين معصور على البارد، يقاوم علامات التقدّم في السنّ، قارورة 30 مل.',
      price: 4600,
      discount: 30,
      stock: 3,
      colors: ['#b0306a', '#fbe6f0'],
    },
    {
      name: 'Gel Douche Fleur d’Oranger',
      description: 'Gel lavant doux au parfum de fleur d’oranger, 400 ml.',
      nameAr: 'جل استحمام بزهر البرتقال',
      descriptionAr: 'جل تنظيف لطيف بعطر زهر البرتقال، 400 مل.',
      price: 950,
      stock: 0,
      colors: ['#f39c12', '#fff3df'],
    },
    {
      name: 'Beurre de Karité Pur',
      description: 'Karité brut non raffiné pour le corps et les cheveux, pot de 200 g.',
      nameAr: 'زبدة الشيا الخالصة',
      descriptionAr: 'زبدة شيا خام غير مكرّرة للجسم والشعر، علبة 200 غ.',
      price: 1300,
      stock: 15,
      colors: ['#e8d3a7', '#faf5ea', '#efe1c4'],
    },
  ],
};

const IMAGE_SIDE = 600;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A simple silhouette per kind, drawn on a 600×600 canvas. */
function silhouette(kind: Kind, color: string): string {
  const stroke = 'stroke="rgba(0,0,0,0.25)" stroke-width="4" stroke-linejoin="round"';
  switch (kind) {
    case 'tshirt':
      return `<path d="M210 110 L150 130 L70 210 L130 270 L170 235 L170 470 L430 470 L430 235 L470 270 L530 210 L450 130 L390 110 Q300 170 210 110 Z" fill="${color}" ${stroke}/>`;
    case 'hoodie':
      return (
        `<path d="M215 120 L150 145 L80 330 L140 350 L175 250 L175 480 L425 480 L425 250 L460 350 L520 330 L450 145 L385 120 Z" fill="${color}" ${stroke}/>` +
        `<path d="M215 120 Q300 40 385 120 Q300 190 215 120 Z" fill="${color}" ${stroke}/>` +
        `<rect x="235" y="360" width="130" height="60" rx="18" fill="rgba(0,0,0,0.12)"/>`
      );
    case 'pants':
      return `<path d="M200 90 L400 90 L430 490 L340 490 L300 220 L260 490 L170 490 Z" fill="${color}" ${stroke}/><rect x="200" y="90" width="200" height="28" fill="rgba(0,0,0,0.15)"/>`;
    case 'care':
      return (
        `<rect x="255" y="80" width="90" height="60" rx="10" fill="#555" ${stroke}/>` +
        `<path d="M220 140 L380 140 Q420 160 420 210 L420 460 Q420 490 390 490 L210 490 Q180 490 180 460 L180 210 Q180 160 220 140 Z" fill="${color}" ${stroke}/>` +
        `<rect x="205" y="260" width="190" height="120" rx="12" fill="rgba(255,255,255,0.75)"/>`
      );
  }
}

function productSvg(kind: Kind, name: string, garment: string, background: string, variant: number): string {
  // Picture variants shift the garment a little so the gallery does not show three identical images.
  const shift = [0, -20, 20][variant] ?? 0;
  const scale = [1, 0.9, 1.05][variant] ?? 1;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIDE}" height="${IMAGE_SIDE}" viewBox="0 0 600 600">
  <rect width="600" height="600" fill="${background}"/>
  <g transform="translate(${300 + shift} 290) scale(${scale}) translate(-300 -290)">${silhouette(kind, garment)}</g>
  <rect x="0" y="520" width="600" height="80" fill="rgba(0,0,0,0.55)"/>
  <text x="300" y="570" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.min(30, Math.floor(1000 / Math.max(name.length, 1)))}" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(name)}</text>
</svg>`;
}

async function drawImage(kind: Kind, name: string, colors: readonly string[], variant: number): Promise<PreparedImage> {
  const garment = colors[0] ?? '#888888';
  const background = variant === 0 ? '#f4f1ec' : (colors[variant] ?? '#f4f1ec');
  const { data, info } = await sharp(Buffer.from(productSvg(kind, name, garment, background, variant)))
    // effort 1: the demo pictures are flat shapes; the default effort makes the seed three times slower.
    .webp({ quality: 80, effort: 1 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function sizeStocks(stock: DemoProduct['stock']): { size: Size; stock: number }[] | null {
  if (typeof stock === 'number') return null;
  return SIZES.map((size, i) => ({ size, stock: stock[i] ?? 0 }));
}

const SIZES_JSON = JSON.stringify(SIZES);

/** Adds the demo catalogue (DESIGN §3.12) when there are no products yet; true when it did. */
export async function seedDemo(db: Db, config: Config): Promise<boolean> {
  const k = db.kysely;
  const existing = await k.selectFrom('products').select('id').limit(1).execute();
  if (existing.length > 0) return false;

  const storage = createImageStorage(config);
  try {
    return await seedDemoIn(db, storage);
  } finally {
    storage.close();
  }
}

async function seedDemoIn(db: Db, storage: ImageStorage): Promise<boolean> {
  const entries = TYPES.flatMap((type) => PRODUCTS[type.kind].map((product) => ({ type, product })));
  // Draw every picture in parallel (sharp works on its own thread pool), then store the files.
  const pictures: StoredImage[][] = await Promise.all(
    entries.map(async ({ type, product }, index) => {
      const count = 1 + (index % 3);
      const drawn = await Promise.all(
        Array.from({ length: Math.min(count, product.colors.length) }, (_, v) =>
          drawImage(type.kind, product.name, product.colors, v),
        ),
      );
      const stored: StoredImage[] = [];
      for (const image of drawn) stored.push(await storePreparedImage(storage, image));
      return stored;
    }),
  );

  // One picture per colour of the products sold in colours, the garment in that colour.
  const colorPictures: StoredImage[][] = await Promise.all(
    VARIANT_PRODUCTS.map(async (product) => {
      const drawn = await Promise.all(
        product.colors.map((color, v) => drawImage(product.kind, product.name, [color.swatch], v)),
      );
      const stored: StoredImage[] = [];
      for (const image of drawn) stored.push(await storePreparedImage(storage, image));
      return stored;
    }),
  );

  const now = Date.now();
  const removePictures = () =>
    deleteImageFiles(
      storage,
      [...pictures.flat(), ...colorPictures.flat()].map((p) => p.image_url),
    );
  let written: boolean;
  try {
    written = await writeDemoRows(db, entries, pictures, colorPictures, now);
  } catch (error) {
    await removePictures();
    throw error;
  }
  // Another process started at the same time wrote its catalogue first.
  if (!written) await removePictures();
  return written;
}

async function writeDemoRows(
  db: Db,
  entries: { type: (typeof TYPES)[number]; product: DemoProduct }[],
  pictures: StoredImage[][],
  colorPictures: StoredImage[][],
  now: number,
): Promise<boolean> {
  const iso = (msAgo: number) => new Date(now - msAgo).toISOString();
  const hour = 3_600_000;
  const day = 24 * hour;
  return db.kysely.transaction().execute(async (trx) => {
    await holdSeedingLock(trx);
    const existing = await trx.selectFrom('products').select('id').limit(1).execute();
    if (existing.length > 0) return false;
    const typeIds = new Map<Kind, number>();
    for (const type of TYPES) {
      const row = await trx
        .insertInto('product_types')
        .values({
          name: type.name,
          description: type.description,
          name_ar: type.nameAr,
          description_ar: type.descriptionAr,
          for_custom: 0,
          created_at: iso(60 * day),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      typeIds.set(type.kind, row.id);
    }

    for (const [index, { type, product }] of entries.entries()) {
      const sizes = sizeStocks(product.stock);
      const priceCents = product.price * 100;
      const discount = product.discount ?? 0;
      // Spread creation dates so "latest" mixes the types.
      const createdAt = iso(((index * 7) % entries.length) * 5 * hour + day);
      const { id } = await trx
        .insertInto('products')
        .values({
          name: product.name,
          description: product.description,
          name_ar: product.nameAr,
          description_ar: product.descriptionAr,
          search_text: productSearchText(product.name, product.nameAr),
          price_cents: priceCents,
          discount_percentage: discount,
          final_price_cents: finalPriceCentimes(priceCents, discount),
          stock: sizes ? sizes.reduce((sum, s) => sum + s.stock, 0) : (product.stock as number),
          has_sizes: sizes ? 1 : 0,
          type_id: typeIds.get(type.kind) ?? null,
          rating_sum: 0,
          rating_count: 0,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (sizes) {
        await trx
          .insertInto('product_sizes')
          .values(sizes.map((s) => ({ product_id: id, size: s.size, stock: s.stock })))
          .execute();
      }
      const images = pictures[index] ?? [];
      if (images.length > 0) {
        await trx
          .insertInto('product_images')
          .values(
            images.map((image, i) => ({
              product_id: id,
              image_url: image.image_url,
              is_primary: i === 0 ? 1 : 0,
              position: i,
              width: image.width,
              height: image.height,
              created_at: createdAt,
            })),
          )
          .execute();
      }
    }

    for (const [index, product] of VARIANT_PRODUCTS.entries()) {
      const priceCents = product.price * 100;
      // Older than every other demo product (at most six days old): last in the "newest" lists.
      const createdAt = iso((8 + index) * day);
      const { id } = await trx
        .insertInto('products')
        .values({
          name: product.name,
          description: product.description,
          name_ar: product.nameAr,
          description_ar: product.descriptionAr,
          search_text: productSearchText(product.name, product.nameAr),
          price_cents: priceCents,
          discount_percentage: 0,
          final_price_cents: finalPriceCentimes(priceCents, 0),
          stock: product.colors.reduce((sum, c) => sum + c.stock.reduce((n, s) => n + s, 0), 0),
          has_sizes: 1,
          size_scale: product.scale,
          size_list: product.scale === 'numbers' || product.scale === 'ages' ? JSON.stringify(product.sizes) : null,
          type_id: typeIds.get(product.kind) ?? null,
          rating_sum: 0,
          rating_count: 0,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const images = colorPictures[index] ?? [];
      for (const [position, color] of product.colors.entries()) {
        const { id: colorId } = await trx
          .insertInto('product_colors')
          .values({
            product_id: id,
            name: color.name,
            name_ar: color.nameAr,
            slug: colorSlug(color.name),
            swatch: color.swatch,
            position,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('product_sizes')
          .values(
            product.sizes.map((size, i) => ({ product_id: id, color_id: colorId, size, stock: color.stock[i] ?? 0 })),
          )
          .execute();
        const image = images[position];
        if (image) {
          await trx
            .insertInto('product_images')
            .values({
              product_id: id,
              image_url: image.image_url,
              is_primary: position === 0 ? 1 : 0,
              position,
              color_id: colorId,
              width: image.width,
              height: image.height,
              created_at: createdAt,
            })
            .execute();
        }
      }
    }

    const items = await trx.selectFrom('custom_order_items').select('id').limit(1).execute();
    if (items.length === 0) {
      await trx
        .insertInto('custom_order_items')
        .values([
          {
            name: 'T-shirt',
            description: 'T-shirt en coton imprimé avec votre design',
            name_ar: 'تي شيرت',
            description_ar: 'تي شيرت قطني مطبوع بتصميمك',
            base_price_cents: 250_000,
            available_sizes: SIZES_JSON,
            available_colors: JSON.stringify(['Blanc', 'Noir', 'Rouge', 'Bleu marine']),
            active: 1,
            created_at: iso(60 * day),
          },
          {
            name: 'Hoodie',
            description: 'Hoodie molletonné brodé ou imprimé selon votre modèle',
            name_ar: 'كنزة بقلنسوة',
            description_ar: 'كنزة صوفية مطرّزة أو مطبوعة حسب نموذجك',
            base_price_cents: 450_000,
            available_sizes: SIZES_JSON,
            available_colors: JSON.stringify(['Noir', 'Gris', 'Blanc', 'Bleu marine']),
            active: 1,
            created_at: iso(60 * day),
          },
          {
            name: 'cup',
            description: 'Tasse en céramique personnalisée avec votre photo ou texte',
            name_ar: 'كوب',
            description_ar: 'كوب خزفي مخصّص بصورتك أو بنصّك',
            base_price_cents: 120_000,
            available_sizes: null,
            available_colors: JSON.stringify(['Blanc', 'Noir']),
            active: 1,
            created_at: iso(60 * day),
          },
        ])
        .execute();
    }

    // A stop desk in every wilaya, as a courier's grid has, so that a demo offers both deliveries;
    // fees the owner already typed are kept.
    for (const row of await trx
      .selectFrom('shipping_prices')
      .select(['id', 'price_cents'])
      .where('stop_desk_price_cents', 'is', null)
      .execute()) {
      await trx
        .updateTable('shipping_prices')
        .set({ stop_desk_price_cents: Math.round(demoStopDeskFee(row.price_cents / 100) * 100) })
        .where('id', '=', row.id)
        .execute();
    }

    const coupon = await trx.selectFrom('coupons').select('id').where('code', '=', 'BIENVENUE10').executeTakeFirst();
    if (!coupon) {
      const expiry = new Date(now);
      expiry.setUTCFullYear(expiry.getUTCFullYear() + 1);
      await trx
        .insertInto('coupons')
        .values({
          code: 'BIENVENUE10',
          discount_percentage: 10,
          is_active: 1,
          max_uses: 100,
          current_uses: 0,
          expiry_date: expiry.toISOString().slice(0, 10),
          created_at: iso(30 * day),
        })
        .execute();
    }

    const reviews = await trx.selectFrom('brand_ratings').select('id').limit(1).execute();
    if (reviews.length === 0) {
      await trx
        .insertInto('brand_ratings')
        .values([
          {
            customer_name: 'Amina Benali',
            customer_phone: '0551234567',
            rating: 5,
            review: 'Livraison rapide à Alger et le hoodie est d’une qualité incroyable. Je recommande !',
            created_at: iso(3 * day),
          },
          {
            customer_name: 'Yacine Haddad',
            customer_phone: '0662345678',
            rating: 4,
            review: 'Très bon rapport qualité-prix, la taille M me va parfaitement.',
            created_at: iso(12 * day),
          },
          {
            customer_name: 'Sarah Meziane',
            customer_phone: '0773456789',
            rating: 5,
            review: 'Ma tasse personnalisée est magnifique, mes amies en veulent toutes une.',
            created_at: iso(27 * day),
          },
          {
            customer_name: 'Karim Boudiaf',
            customer_phone: '0554567890',
            rating: 4,
            review: 'Service client à l’écoute, ils m’ont appelé pour confirmer la commande.',
            created_at: iso(46 * day),
          },
          {
            customer_name: 'Lina Cherif',
            customer_phone: '0665678901',
            rating: 5,
            review: 'La crème à l’argan est devenue indispensable, ma peau est toute douce.',
            created_at: iso(71 * day),
          },
          {
            customer_name: 'سمير بلقاسم',
            customer_phone: '0557890123',
            rating: 5,
            review: 'وصلني الطلب إلى تلمسان في ثلاثة أيام، والقماش ممتاز والمقاس مضبوط.',
            created_at: iso(5 * day),
          },
          {
            customer_name: 'فاطمة الزهراء',
            customer_phone: '0668901234',
            rating: 4,
            review: 'زيت التين الشوكي أصلي ورائحته طيبة، والتغليف محكم.',
            created_at: iso(33 * day),
          },
          {
            customer_name: 'Mehdi Saadi',
            customer_phone: '0776789012',
            rating: 3,
            review: 'Beau t-shirt mais la livraison à Oran a pris un peu plus de temps que prévu.',
            created_at: iso(98 * day),
          },
        ])
        .execute();
    }
    return true;
  });
}
