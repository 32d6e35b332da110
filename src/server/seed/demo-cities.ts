/**
 * The demo's four cities, each with its own introduction and areas (not the same text with another
 * name: a search engine demotes such pages as doorways). The owner rewrites them in the admin.
 * `slug` also names the city of the demo projects (demo-content.ts).
 */
export interface DemoCity {
  slug: string;
  nameAr: string;
  nameEn: string;
  introAr: string;
  introEn: string;
  areasAr: string[];
  areasEn: string[];
}

export const DEMO_CITIES: DemoCity[] = [
  {
    slug: 'dammam',
    nameAr: 'الدمام',
    nameEn: 'Dammam',
    introAr:
      'رطوبة الساحل الشرقي وغبار الصيف يجعلان فضلات الحمام في الدمام أسرع تآكلًا للأسطح ووحدات التكييف. نركّب الشوك والشبك على المستودعات ومظلات التحميل والمنازل، ونختار ستانلس ستيل لا يصدأ مع هواء البحر.\n\nفرقنا في الدمام تزور الموقع وتقيس الحواف قبل عرض السعر، وننفّذ أعمال المصانع والمستودعات خارج ساعات التشغيل.',
    introEn:
      "The Eastern Province's coastal humidity and summer dust make pigeon droppings in Dammam eat into roofs and air-conditioning units faster. We fit spikes and nets on warehouses, loading-dock canopies and homes, in stainless steel that does not rust in the sea air.\n\nOur Dammam team visits and measures the ledges before quoting, and works on factories and warehouses outside operating hours.",
    areasAr: ['الفيصلية', 'الشاطئ', 'الفيحاء', 'المنار', 'المدينة الصناعية الثانية', 'الخبر والظهران'],
    areasEn: ['Al Faisaliyah', 'Ash Shati', 'Al Faihaa', 'Al Manar', '2nd Industrial City', 'Khobar and Dhahran'],
  },
  {
    slug: 'riyadh',
    nameAr: 'الرياض',
    nameEn: 'Riyadh',
    introAr:
      'في الرياض يتجمع الحمام على كاسرات الشمس في الأبراج والمراكز التجارية وعلى وحدات التكييف في الفلل. نركّب شوكًا وأسلاكًا مشدودة لا تكاد تُرى من الشارع، ونعمل ليلًا في المنشآت التي لا تغلق أبوابها.\n\nنفّذنا في الرياض واجهات مراكز تجارية ومستشفيات وفللًا سكنية، ونعطي ضمانًا مكتوبًا على التركيب.',
    introEn:
      'In Riyadh pigeons gather on the sun-breakers of towers and malls and on the AC units of villas. We fit spikes and tensioned wires that can hardly be seen from the street, and work at night where a building never closes.\n\nOur Riyadh work includes mall facades, hospitals and family villas, with a written guarantee on the installation.',
    areasAr: ['العليا', 'الملقا', 'النرجس', 'الياسمين', 'حطين', 'السويدي', 'الروضة'],
    areasEn: ['Al Olaya', 'Al Malqa', 'An Narjis', 'Al Yasmin', 'Hittin', 'As Suwaidi', 'Ar Rawdah'],
  },
  {
    slug: 'madinah',
    nameAr: 'المدينة المنورة',
    nameEn: 'Madinah',
    introAr:
      'في المدينة المنورة نحمي المساجد والمدارس والفنادق القريبة من الحرم بحلول هادئة المظهر تحترم الزخارف والمآذن. نبدأ بتنظيف الأسطح وتعقيمها ثم نركّب الشوك أو الأسلاك بما يناسب كل حافة.\n\nنرتب مواعيد العمل في المساجد بين الصلوات، وفي المدارس خلال الإجازات.',
    introEn:
      'In Madinah we protect mosques, schools and hotels near the Haram with discreet systems that respect carvings and minarets. We clean and disinfect the surfaces first, then fit spikes or wires to suit each ledge.\n\nWork on mosques is scheduled between prayers, and on schools during the holidays.',
    areasAr: ['المنطقة المركزية', 'قباء', 'العوالي', 'العزيزية', 'الخالدية', 'شوران'],
    areasEn: ['Central Area', 'Quba', 'Al Awali', 'Al Aziziyah', 'Al Khalidiyah', 'Shoran'],
  },
  {
    slug: 'jeddah',
    nameAr: 'جدة',
    nameEn: 'Jeddah',
    introAr:
      'الأبراج السكنية في جدة تعاني من أعشاش الحمام فوق وحدات التكييف والشرفات، والرطوبة تزيد الروائح والحشرات. نركّب الشوك فوق وحدات التكييف في كل الأدوار بالتنسيق مع إدارة المبنى، والشبك للشرفات والمناور.\n\nنعمل في جدة من الشمال إلى الجنوب، ونستخدم مواد مقاومة للملوحة.',
    introEn:
      'Residential towers in Jeddah suffer from pigeons nesting above AC units and on balconies, and the humidity adds smells and insects. We fit spikes over AC units on every floor in step with the building management, and nets on balconies and light wells.\n\nWe cover Jeddah from north to south, with materials that stand up to the salty air.',
    areasAr: ['الشاطئ', 'الروضة', 'الحمراء', 'أبحر الشمالية', 'الصفا', 'السلامة'],
    areasEn: ['Ash Shati', 'Ar Rawdah', 'Al Hamra', 'Obhur North', 'As Safa', 'As Salamah'],
  },
];
