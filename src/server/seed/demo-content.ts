import type { AboutText } from '../../shared/about.ts';
import type { ContactInput, Language, ProofFields } from '../../shared/schemas.ts';
import type { Art } from './demo-images.ts';
import {
  detailAcUnits,
  detailBalconyNets,
  detailFineMesh,
  detailNarrowSpikes,
  detailSillInstallation,
  detailWideMesh,
  detailWideSpikes,
  productBirdNet,
  productPolycarbonateSpikes,
  productStainlessSpikes,
  productWireSystem,
} from './demo-products-art.ts';
import {
  portfolioHospital,
  portfolioMallRiyadh,
  portfolioMosqueMadinah,
  portfolioSchool,
  portfolioTowerJeddah,
  portfolioWarehouseDammam,
} from './demo-portfolio-art.ts';
import { slideCourtyardNet, slideFacade, slideSkylineWire } from './demo-slides-art.ts';

/**
 * What a new site shows before the owner writes their own: the text a Saudi bird-control
 * business would publish, in Arabic (the site's default language) and in English, each written
 * for its own reader rather than translated word for word. Contact details are fictional.
 */

interface DemoItem {
  title: string;
  description: string;
  titleEn: string;
  descriptionEn: string;
  art: Art;
}
export interface DemoProduct extends DemoItem {
  details: DemoItem[];
}
/** `city`: the slug of its demo city (demo-cities.ts). */
export interface DemoProject extends DemoItem {
  daysAgo: number;
  city: string;
}

export const DEMO_PHONE = '+966 55 123 4567';

/** Clearly fictional: a reserved example domain, a placeholder number, and "example" handles. */
export const DEMO_CONTACT: ContactInput = {
  email: 'info@example.com',
  whatsapp: '+966 50 000 0000',
  instagram: 'https://www.instagram.com/example.birdcontrol',
  x: 'https://x.com/example_birdcontrol',
  tiktok: '',
  snapchat: 'https://www.snapchat.com/add/example.birdcontrol',
  facebook: '',
  citiesAr: ['الدمام', 'الرياض', 'المدينة المنورة', 'جدة'],
  citiesEn: ['Dammam', 'Riyadh', 'Madinah', 'Jeddah'],
};

/**
 * Figures, a guarantee and customer words that make the demo look like an established business.
 * The registration numbers are placeholders (all zeros) no real business holds, and the launch
 * checklist asks the owner to replace every one of these.
 */
export const DEMO_PROOF: ProofFields = {
  yearsInBusiness: 12,
  jobsDone: 1500,
  citiesServed: 4,
  guaranteeAr: 'ضمان 5 سنوات على التركيب',
  guaranteeEn: '5-year installation guarantee',
  crNumber: '1010000000',
  vatNumber: '300000000000003',
  quotes: [
    {
      id: 'demo-quote-1',
      textAr: 'كان الحمام يعشش في المكيفات كل صيف. ركّبوا الشبك في يوم واحد، ومن سنتين لم نرَ حمامة على البلكونة.',
      textEn:
        'Pigeons nested in our AC units every summer. The net went up in a single day, and in two years we have not seen one on the balcony.',
      name: 'أبو فهد',
      cityAr: 'الرياض',
      cityEn: 'Riyadh',
    },
    {
      id: 'demo-quote-2',
      textAr: 'شغل نظيف ومرتب، والشوك لا يكاد يُرى من الشارع. جاؤوا في الموعد وشرحوا لنا كل شيء قبل البدء.',
      textEn:
        'Neat, tidy work, and the spikes can hardly be seen from the street. They came on time and explained everything before they started.',
      name: 'Sara M.',
      cityAr: 'جدة',
      cityEn: 'Jeddah',
    },
    {
      id: 'demo-quote-3',
      textAr: 'ركّبوا لنا نظام الأسلاك على واجهة المستودع، وانتهت مشكلة فضلات الحمام على البضاعة.',
      textEn: 'They fitted the wire system on our warehouse front, and the droppings on our stock stopped.',
      name: 'م. خالد العتيبي',
      cityAr: 'الدمام',
      cityEn: 'Dammam',
    },
  ],
  // The owner pastes these: the demo business has no Google profile, and its numbers are placeholders.
  reviewsLink: '',
  crCheckLink: '',
  vatCheckLink: '',
};

export const DEMO_SLIDES: { title: string; details: string; titleEn: string; detailsEn: string; art: Art }[] = [
  {
    title: 'حلول متكاملة لمكافحة الحمام',
    details:
      'شوك ستانلس ستيل وشبك وأسلاك تحمي مبناك من الحمام وفضلاته دون إيذاء الطيور. معاينة مجانية في الدمام والرياض والمدينة المنورة وجدة.',
    titleEn: 'Complete pigeon control for your building',
    detailsEn:
      'Stainless-steel spikes, netting and tensioned wire keep pigeons and their droppings off your property without harming the birds. Free site survey in Dammam, Riyadh, Madinah and Jeddah.',
    art: slideFacade,
  },
  {
    title: 'شبك الطيور للأفنية والمناور',
    details: 'نغلق الأفنية والشرفات والمستودعات بشبك مقاوم لأشعة الشمس يحافظ على التهوية والإطلالة.',
    titleEn: 'Bird netting for courtyards and light wells',
    detailsEn:
      'UV-resistant netting closes off courtyards, balconies and warehouses to birds while keeping the airflow and the view.',
    art: slideCourtyardNet,
  },
  {
    title: 'ضمان مكتوب حتى خمس سنوات',
    details: 'تركيب احترافي على المرتفعات بمعدات وصول آمنة، وزيارة متابعة بعد التركيب، وخدمة ما بعد البيع.',
    titleEn: "Up to five years' written guarantee",
    detailsEn:
      'Professional installation at height with safe access equipment, a follow-up visit after the job, and after-sales service.',
    art: slideSkylineWire,
  },
];

/** Listed newest first on the site, so the first product here is created last. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    title: 'شوك الحمام ستانلس ستيل',
    description:
      'أشواك من الستانلس ستيل 304 على قاعدة مرنة، تمنع الحمام من الوقوف على حواف النوافذ والأسوار واللوحات دون أن تؤذيه. لا تصدأ ولا تتأثر بحرارة الصيف، وتُثبّت باللاصق أو بالبراغي.',
    titleEn: 'Stainless-steel anti-pigeon spikes',
    descriptionEn:
      'Grade 304 stainless-steel spikes on a flexible base that stop pigeons landing on window sills, parapets and signs without hurting them. They will not rust or warp in the summer heat, and can be glued or screwed in place.',
    art: productStainlessSpikes,
    details: [
      {
        title: 'شوك بعرض 12 سم',
        description: 'للحواف والأسوار الضيقة حتى 15 سم. الشريط بطول 50 سم ويُقصّ حسب المقاس.',
        titleEn: '12 cm narrow spikes',
        descriptionEn:
          'For narrow ledges and walls up to 15 cm deep. Each strip is 50 cm long and is cut to fit on site.',
        art: detailNarrowSpikes,
      },
      {
        title: 'شوك عريض 20 سم',
        description: 'سبعة صفوف من الأشواك للحواف العريضة وأسطح اللوحات الإعلانية حتى 25 سم.',
        titleEn: '20 cm wide spikes',
        descriptionEn: 'Seven rows of spikes for wide ledges and the tops of billboards up to 25 cm deep.',
        art: detailWideSpikes,
      },
      {
        title: 'التركيب على حواف النوافذ',
        description: 'نثبّت الأشرطة بلاصق سيليكون مقاوم للحرارة بعد تنظيف الحافة وإزالة الفضلات وتعقيمها.',
        titleEn: 'Window sill installation',
        descriptionEn:
          'We clean the sill, remove and disinfect the droppings, then fix the strips with heat-resistant silicone.',
        art: detailSillInstallation,
      },
      {
        title: 'حماية وحدات التكييف',
        description: 'نغطي أسطح وحدات التكييف الخارجية بالشوك حتى لا تصبح مكاناً للوقوف والتعشيش.',
        titleEn: 'Air-conditioner protection',
        descriptionEn: 'Spikes on top of outdoor AC units so they stop being a perch and a nesting spot.',
        art: detailAcUnits,
      },
    ],
  },
  {
    title: 'شوك بقاعدة بولي كربونات',
    description:
      'بديل اقتصادي بقاعدة شفافة لا تظهر على الواجهات الفاتحة، مقاومة للأشعة فوق البنفسجية. مناسب للمباني السكنية والمحلات التجارية.',
    titleEn: 'Polycarbonate-base spikes',
    descriptionEn:
      'A budget option on a clear, UV-resistant base that disappears against light-coloured facades. A good fit for homes and shopfronts.',
    art: productPolycarbonateSpikes,
    details: [],
  },
  {
    title: 'شبك حماية من الطيور',
    description:
      'شبك بولي إيثيلين معالج ضد الأشعة فوق البنفسجية يغلق الشرفات والمناور والمستودعات أمام الحمام والعصافير، ويُشدّ على أسلاك ستانلس ستيل فلا يترهل.',
    titleEn: 'Bird netting',
    descriptionEn:
      'UV-treated polyethylene netting that seals balconies, light wells and warehouses against pigeons and sparrows. It is tensioned on stainless-steel cable, so it stays taut and does not sag.',
    art: productBirdNet,
    details: [
      {
        title: 'فتحة 50 ملم',
        description: 'للحمام في الأفنية والمستودعات والمساحات الكبيرة؛ خيط متين وعمر طويل تحت الشمس.',
        titleEn: '50 mm mesh',
        descriptionEn:
          'Keeps pigeons out of courtyards, warehouses and other large spaces; heavy twine built to last in the sun.',
        art: detailWideMesh,
      },
      {
        title: 'فتحة 19 ملم',
        description: 'تمنع العصافير والطيور الصغيرة، مناسبة للمناور وفتحات التهوية.',
        titleEn: '19 mm mesh',
        descriptionEn:
          'Stops sparrows and other small birds; the right choice for light wells and ventilation openings.',
        art: detailFineMesh,
      },
      {
        title: 'تركيب على الشرفات',
        description: 'شبك أسود شبه مخفي يحافظ على الإطلالة والتهوية، مع فتحة بسحّاب للوصول إلى وحدات التكييف.',
        titleEn: 'Balcony netting',
        descriptionEn:
          'Near-invisible black netting that keeps the view and the breeze, with a zip opening to reach the AC units.',
        art: detailBalconyNets,
      },
    ],
  },
  {
    title: 'نظام الأسلاك المشدودة',
    description:
      'أسلاك ستانلس ستيل رفيعة مشدودة على قوائم قصيرة فوق الأسوار والحواف الطويلة، لا يستطيع الحمام الوقوف عليها، ولا تكاد تُرى من الشارع.',
    titleEn: 'Tensioned wire system',
    descriptionEn:
      'Fine stainless-steel wires tensioned on short posts along parapets and long ledges. Pigeons cannot settle on them, and they are barely visible from the street.',
    art: productWireSystem,
    details: [],
  },
];

/** Finished projects; `daysAgo` orders them, newest first on the home page. */
export const DEMO_PORTFOLIO: DemoProject[] = [
  {
    title: 'واجهة مركز تجاري – الرياض',
    description:
      'تركيب شوك ستانلس ستيل على أكثر من 1200 متر طولي من الكاسرات والواجهات الزجاجية، مع معالجة مظلة المدخل الرئيسي.',
    titleEn: 'Shopping mall facade, Riyadh',
    descriptionEn:
      'Stainless-steel spikes along more than 1,200 linear metres of sun-breakers and glass facade, plus the canopy over the main entrance.',
    art: portfolioMallRiyadh,
    daysAgo: 12,
    city: 'riyadh',
  },
  {
    title: 'مسجد – المدينة المنورة',
    description: 'حماية الأفاريز والمآذن وشرفاتها بالشوك دون المساس بالزخارف، بعد تنظيف وتعقيم شامل للأسطح.',
    titleEn: 'Mosque, Madinah',
    descriptionEn:
      'Spikes on the cornices, minarets and minaret balconies without touching the ornamentation, after a full clean and disinfection of the surfaces.',
    art: portfolioMosqueMadinah,
    daysAgo: 34,
    city: 'madinah',
  },
  {
    title: 'برج سكني – جدة',
    description: 'تركيب شوك فوق وحدات التكييف الخارجية في جميع الأدوار بالتنسيق مع إدارة البرج ودون إزعاج السكان.',
    titleEn: 'Residential tower, Jeddah',
    descriptionEn:
      'Spikes over the outdoor AC units on every floor, coordinated with the building management and without disturbing residents.',
    art: portfolioTowerJeddah,
    daysAgo: 58,
    city: 'jeddah',
  },
  {
    title: 'مستودع – الدمام',
    description: 'شبك 50 ملم تحت مظلة رصيف التحميل وشوك على حافة السقف لمنع التعشيش فوق البضائع.',
    titleEn: 'Warehouse, Dammam',
    descriptionEn:
      '50 mm netting under the loading-dock canopy and spikes along the roof edge, so birds no longer nest above the stock.',
    art: portfolioWarehouseDammam,
    daysAgo: 83,
    city: 'dammam',
  },
  {
    title: 'مستشفى – الرياض',
    description:
      'حماية كاسرات الشمس في الواجهات بالشوك، بمواد آمنة تناسب بيئة المنشآت الصحية، مع تنفيذ ليلي لا يعيق الزوار.',
    titleEn: 'Hospital, Riyadh',
    descriptionEn:
      'Spikes on the facade sun-breakers using materials suited to a healthcare setting, installed at night so visitors were not disrupted.',
    art: portfolioHospital,
    daysAgo: 117,
    city: 'riyadh',
  },
  {
    title: 'مدرسة – المدينة المنورة',
    description: 'نظام أسلاك مشدودة على أسوار السطح وتنظيف الممرات المظللة، نُفّذ خلال الإجازة الصيفية.',
    titleEn: 'School, Madinah',
    descriptionEn:
      'Tensioned wire along the roof parapets and a clean-up of the shaded walkways, completed during the summer holidays.',
    art: portfolioSchool,
    daysAgo: 151,
    city: 'madinah',
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
  'pigeon control Riyadh',
  'bird spikes Jeddah',
  'bird deterrent Madinah',
];

export const DEMO_ABOUT: Record<Language, AboutText> = {
  ar: {
    title: 'من نحن',
    description:
      'مؤسسة سعودية متخصصة في حلول مكافحة الحمام والطيور للمباني السكنية والتجارية والحكومية. منذ أكثر من عشر سنوات نساعد ملاك العقارات ومديري المرافق على حماية الواجهات والأسطح من أضرار الطيور وفضلاتها، بحلول آمنة لا تؤذي الطيور وتحافظ على مظهر المبنى.',
    title2: 'ماذا نركّب',
    description2:
      'نوفّر ونركّب شوك الحمام من الستانلس ستيل المقاوم للصدأ، وشبك الطيور من البولي إيثيلين المعالج ضد الأشعة فوق البنفسجية بفتحات 19 و50 ملم، وأنظمة الأسلاك المشدودة للحواف والأسوار، إضافة إلى الجل الطارد والمواد المنفّرة للأماكن التي لا يناسبها التركيب الميكانيكي. يبدأ كل عمل بمعاينة مجانية للموقع، ثم عرض سعر مفصّل يحدد الحل المناسب لكل جزء من المبنى.',
    title3: 'أين نعمل وما نضمنه',
    description3:
      'تعمل فرقنا في الدمام والرياض والمدينة المنورة وجدة والمدن المجاورة. ننفّذ الأعمال على المرتفعات بمعدات وصول آمنة ودون تشويه الواجهات، ونمنح ضماناً مكتوباً يصل إلى خمس سنوات على المواد والتركيب، مع زيارة متابعة بعد التركيب وخدمة ما بعد البيع للصيانة والتنظيف عند الحاجة.',
  },
  en: {
    title: 'About us',
    description:
      'We are a Saudi company specialising in pigeon and bird control for residential, commercial and public buildings. For more than ten years we have helped property owners and facility managers protect facades and rooftops from bird damage and droppings, with humane solutions that do not harm the birds and keep the building looking as it should.',
    title2: 'What we install',
    description2:
      'We supply and install rust-proof stainless-steel anti-pigeon spikes, UV-stabilised polyethylene bird netting in 19 mm and 50 mm mesh, tensioned wire systems for ledges and parapets, and repellent gels for places where mechanical systems are not suitable. Every job starts with a free site survey, followed by a detailed quotation that matches the right solution to each part of the building.',
    title3: 'Where we work and our guarantee',
    description3:
      'Our teams work in Dammam, Riyadh, Madinah, Jeddah and the surrounding cities. We work at height with safe access equipment and without marking the facade, and we give a written guarantee of up to five years on materials and installation, with a follow-up visit after installation and after-sales service for maintenance and cleaning when needed.',
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
