/** Asking for bill reminders from the pay/place tap, as a WeChat build does (tests run as H5). */
import { fetchSubscribeTemplates, recordSubscriptions } from '../../api/privacy';
import { requestSubscribe } from '../../platform/subscribe';
import { askBillReminders, prefetchReminderTemplates, resetReminderTemplates } from '../reminders';
import { useSession } from '../session';

jest.mock('../../platform/subscribe', () => ({
  subscribeHost: 'wechat',
  requestSubscribe: jest.fn(),
}));
jest.mock('../../api/privacy', () => ({
  fetchSubscribeTemplates: jest.fn(),
  recordSubscriptions: jest.fn(async () => ({ code: 200, msg: '', data: { recorded: 1 } })),
}));

const templates = fetchSubscribeTemplates as jest.Mock;
const ask = requestSubscribe as jest.Mock;
const record = recordSubscriptions as jest.Mock;

beforeEach(() => {
  resetReminderTemplates();
  jest.clearAllMocks();
  templates.mockResolvedValue({
    code: 200,
    msg: '',
    data: [
      { purpose: 'bill_reminder', templateId: 'T1' },
      { purpose: 'bill_due_today', templateId: 'T2' },
      { purpose: 'overdue_notice', templateId: 'T3' },
    ],
  });
});

it('asks for the brand templates fetched beforehand and records only what was accepted', async () => {
  useSession.setState({ status: 'loggedIn' });
  await prefetchReminderTemplates();
  ask.mockResolvedValue(['T1', 'T3']);
  await askBillReminders();
  expect(ask).toHaveBeenCalledWith(['T1', 'T2', 'T3']);
  expect(record).toHaveBeenCalledWith('wechat', ['T1', 'T3']);
});

it('records nothing when the user declines, and asks nothing before the ids are known', async () => {
  useSession.setState({ status: 'loggedIn' });
  await askBillReminders();
  expect(ask).not.toHaveBeenCalled();
  await prefetchReminderTemplates();
  ask.mockResolvedValue([]);
  await askBillReminders();
  expect(record).not.toHaveBeenCalled();
});

it('weapp: keeps the ids the user answered accept', async () => {
  jest.resetModules();
  jest.doMock('@tarojs/taro', () => ({
    __esModule: true,
    default: {
      requestSubscribeMessage: jest.fn(async () => ({ T1: 'accept', T2: 'reject', T3: 'ban' })),
    },
  }));
  const weapp = await import('../../platform/subscribe.weapp');
  await expect(weapp.requestSubscribe(['T1', 'T2', 'T3'])).resolves.toEqual(['T1']);
  jest.dontMock('@tarojs/taro');
});
