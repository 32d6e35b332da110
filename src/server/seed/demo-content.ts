import type { AboutText } from '../../shared/about.ts';
import type { Language } from '../../shared/schemas.ts';
import type { Art } from './demo-images.ts';
import {
  detailAcUnits, detailBalconyNets, detailFineMesh, detailNarrowSpikes, detailSillInstallation, detailWideMesh, detailWideSpikes,
  productBirdNet, productPolycarbonateSpikes, productStainlessSpikes, productWireSystem,
} from './demo-products-art.ts';
import {
  portfolioHospital, portfolioMallRiyadh, portfolioMosqueMadinah, portfolioSchool, portfolioTowerJeddah, portfolioWarehouseDammam,
} from './demo-portfolio-art.ts';
import { slideCourtyardNet, slideFacade, slideSkylineWire } from './demo-slides-art.ts';

/**
 * What a new site shows before the owner writes their own: the text a Saudi bird-control
 * business would publish. Cards carry one text (Arabic, the site's default language);
 * the about text exists in both languages.
 */

export interface DemoItem { title: string; description: string; art: Art }
export interface DemoProduct extends DemoItem { details: DemoItem[] }
export interface DemoProject extends DemoItem { daysAgo: number }

export const DEMO_PHONE = '+966 55 123 4567';

export const DEMO_SLIDES: { title: string; details: string; art: Art }[] = [
  {
    title: 'حلول متكاملة لمكافحة الحمام',
    details: 'شوك ستانلس ستيل وشبك وأسلاك تحمي مبناك من الحمام وفضلاته دون إيذاء الطيور. معاينة مجانية في الدمام والرياض والمدينة المنورة وجدة.',
    art: slideFacade,
  },
  {
    title: 'شبك الطيور للأفنية والمناور',
    details: 'نغلق الأفنية والشرفات والمستودعات بشبك مقاوم لأشعة الشمس يحافظ على التهوية والإطلالة.',
    art: slideCourtyardNet,
  },
  {
    title: 'ضمان مكتوب حتى خمس سنوات',
    details: 'تركيب احترافي على المرتفعات بمعدات وصول آمنة، وزيارة متابعة بعد التركيب، وخدمة ما بعد البيع.',
    art: slideSkylineWire,
  },
];

/** Listed newest first on the site, so the first product here is created last. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    title: 'شوك الحمام ستانلس ستيل',
    description: 'أشواك من الستانلس ستيل 304 على قاعدة مرنة، تمنع الحمام من الوقوف على حواف النوافذ والأسوار واللوحات دون أن تؤذيه. لا تصدأ ولا تتأثر بحرارة الصيف، وتُثبّت باللاصق أو بالبراغي.',
    art: productStainlessSpikes,
    details: [
      { title: 'شوك بعرض 12 سم', description: 'للحواف والأسوار الضيقة حتى 15 سم. الشريط بطول 50 سم ويُقصّ حسب المقاس.', art: detailNarrowSpikes },
      { title: 'شوك عريض 20 سم', description: 'سبعة صفوف من الأشواك للحواف العريضة وأسطح اللوحات الإعلانية حتى 25 سم.', art: detailWideSpikes },
      { title: 'التركيب على حواف النوافذ', description: 'نثبّت الأشرطة بلاصق سيليكون مقاوم للحرارة بعد تنظيف الحافة وإزالة الفضلات وتعقيمها.', art: detailSillInstallation },
      { title: 'حماية وحدات التكييف', description: 'نغطي أسطح وحدات التكييف الخارجية بالشوك حتى لا تصبح مكاناً للوقوف والتعشيش.', art: detailAcUnits },
    ],
  },
  {
    title: 'شوك بقاعدة بولي كربونات',
    description: 'بديل اقتصادي بقاعدة شفافة لا تظهر على الواجهات الفاتحة، مقاومة للأشعة فوق البنفسجية. مناسب للمباني السكنية والمحلات التجارية.',
    art: productPolycarbonateSpikes,
    details: [],
  },
  {
    title: 'شبك حماية من الطيور',
    description: 'شبك بولي إيثيلين معالج ضد الأشعة فوق البنفسجية يغلق الشرفات والمناور والمستودعات أمام الحمام والعصافير، ويُشدّ على أسلاك ستانلس ستيل فلا يترهل.',
    art: productBirdNet,
    details: [
      { title: 'فتحة 50 ملم', description: 'للحمام في الأفنية والمستودعات والمساحات الكبيرة؛ خيط متين وعمر طويل تحت الشمس.', art: detailWideMesh },
      { title: 'فتحة 19 ملم', description: 'تمنع العصافير والطيور الصغيرة، مناسبة للمناور وفتحات التهوية.', art: detailFineMesh },
      { title: 'تركيب على الشرفات', description: 'شبك أسود شبه مخفي يحافظ على الإطلالة والتهوية، مع فتحة بسحّاب للوصول إلى وحدات التكييف.', art: detailBalconyNets },
    ],
  },
  {
    title: 'نظام الأسلاك المشدودة',
    description: 'أسلاك ستانلس ستيل رفيعة مشدودة على قوائم قصيرة فوق الأسوار والحواف الطويلة، لا يستطيع الحمام الوقوف عليها، ولا تكاد تُرى من الشارع.',
    art: productWireSystem,
    details: [],
  },
];

/** Finished projects; `daysAgo` orders them, newest first on the home page. */
export const DEMO_PORTFOLIO: DemoProject[] = [
  {
    title: 'واجهة مركز تجاري – الرياض',
    description: 'تركيب شوك ستانلس ستيل على أكثر من 1200 متر طولي من الكاسرات والواجهات الزجاجية، مع معالجة مظلة المدخل الرئيسي.',
    art: portfolioMallRiyadh,
    daysAgo: 12,
  },
  {
    title: 'مسجد – المدينة المنورة',
    description: 'حماية الأفاريز والمآذن وشرفاتها بالشوك دون المساس بالزخارف، بعد تنظيف وتعقيم شامل للأسطح.',
    art: portfolioMosqueMadinah,
    daysAgo: 34,
  },
  {
    title: 'برج سكني – جدة',
    description: 'تركيب شوك فوق وحدات التكييف الخارجية في جميع الأدوار بالتنسيق مع إدارة البرج ودون إزعاج السكان.',
    art: portfolioTowerJeddah,
    daysAgo: 58,
  },
  {
    title: 'مستودع – الدمام',
    description: 'شبك 50 ملم تحت مظلة رصيف التحميل وشوك على حافة السقف لمنع التعشيش فوق البضائع.',
    art: portfolioWarehouseDammam,
    daysAgo: 83,
  },
  {
    title: 'مستشفى – الرياض',
    description: 'حماية كاسرات الشمس في الواجهات بالشوك، بمواد آمنة تناسب بيئة المنشآت الصحية، مع تنفيذ ليلي لا يعيق الزوار.',
    art: portfolioHospital,
    daysAgo: 117,
  },
  {
    title: 'مدرسة – المدينة المنورة',
    description: 'نظام أسلاك مشدودة على أسوار السطح وتنظيف الممرات المظللة، نُفّذ خلال الإجازة الصيفية.',
    art: portfolioSchool,
    daysAgo: 151,
  },
];

export const DEMO_KEYWORDS = [
  'طارد الحمام',
  'شوك الحمام',
  'مكافحة الحمام الرياض',
  'شبك حماية من الطيور',
  'طارد الطيور جدة',
  'anti-pigeon spikes',
  'bird netting Saudi Arabia',
  'pigeon control Dammam',
];

export const DEMO_ABOUT: Record<Language, AboutText> = {
  ar: {
    title: 'من نحن',
    description: 'مؤسسة سعودية متخصصة في حلول مكافحة الحمام والطيور للمباني السكنية والتجارية والحكومية. منذ أكثر من عشر سنوات نساعد ملاك العقارات ومديري المرافق على حماية الواجهات والأسطح من أضرار الطيور وفضلاتها، بحلول آمنة لا تؤذي الطيور وتحافظ على مظهر المبنى.',
    title2: 'ماذا نركّب',
    description2: 'نوفّر ونركّب شوك الحمام من الستانلس ستيل المقاوم للصدأ، وشبك الطيور من البولي إيثيلين المعالج ضد الأشعة فوق البنفسجية بفتحات 19 و50 ملم، وأنظمة الأسلاك المشدودة للحواف والأسوار، إضافة إلى الجل الطارد والمواد المنفّرة للأماكن التي لا يناسبها التركيب الميكانيكي. يبدأ كل عمل بمعاينة مجانية للموقع، ثم عرض سعر مفصّل يحدد الحل المناسب لكل جزء من المبنى.',
    title3: 'أين نعمل وما نضمنه',
    description3: 'تعمل فرقنا في الدمام والرياض والمدينة المنورة وجدة والمدن المجاورة. ننفّذ الأعمال على المرتفعات بمعدات وصول آمنة ودون تشويه الواجهات، ونمنح ضماناً مكتوباً يصل إلى خمس سنوات على المواد والتركيب، مع زيارة متابعة بعد التركيب وخدمة ما بعد البيع للصيانة والتنظيف عند الحاجة.',
  },
  en: {
    title: 'About us',
    description: 'We are a Saudi company specialising in pigeon and bird control for residential, commercial and public buildings. For more than ten years we have helped property owners and facility managers protect facades and rooftops from bird damage and droppings, with humane solutions that do not harm the birds and keep the building looking as it should.',
    title2: 'What we install',
    description2: 'We supply and install rust-proof stainless-steel anti-pigeon spikes, UV-stabilised polyethylene bird netting in 19 mm and 50 mm mesh, tensioned wire systems for ledges and parapets, and repellent gels for places where mechanical systems are not suitable. Every job starts with a free site survey, followed by a detailed quotation that matches the right solution to each part of the building.',
    title3: 'Where we work and our guarantee',
    description3: 'Our teams work in Dammam, Riyadh, Madinah, Jeddah and the surrounding cities. We work at height with safe access equipment and without marking the facade, and we give a written guarantee of up to five years on materials and installation, with a follow-up visit after installation and after-sales service for maintenance and cleaning when needed.',
  },
};

/** Every picture the demo content uses. */
export function demoArts(): Art[] {
  return [
    ...DEMO_SLIDES.map((s) => s.art),
    ...DEMO_PRODUCTS.flatMap((p) => [p.art, ...p.details.map((d) => d.art)]),
    ...DEMO_PORTFOLIO.map((p) => p.art),
  ];
}
